import type { BuiltName, ResponseOf } from '@cabdesk/contract';
import { callMeta } from '../../../api/call-meta';
import { callApiWithForm } from '../../../api/client';

type Fields = Record<string, string | number | null | undefined>;

/** Text fields as text, the file under the call's upload field; empty fields are left out. */
function formOf(name: BuiltName, fields: Fields, file: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined && value !== '') form.append(key, String(value));
  }
  const uploadField = callMeta(name).upload;
  if (file) {
    if (!uploadField) throw new Error(`${name} takes no file.`);
    form.append(uploadField, file, file.name);
  }
  return form;
}

/** A call with fields and a file (a receipt photo), sent as multipart/form-data. */
export function postMultipart<K extends BuiltName>(name: K, fields: Fields, file: File | null): Promise<ResponseOf<K>> {
  return callApiWithForm(name, formOf(name, fields, file));
}
