import { Button, Checkbox, FileInput, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { readAsUpload } from '../../ui/ImageUpload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { zodValidate } from '../../ui/zodForm';
import type { DocumentOwnerType } from './DocumentsPanel';
import { ACCEPTED_TYPES, fileProblem } from './rules';

export type DocumentRow = CallOutput<'Common/GetDocument'>;

interface Values {
  documentTypeId: number | null;
  reference: string;
  issueDate: string | null;
  expiryDate: string | null;
  notes: string;
  file: File | null;
  removeFile: boolean;
}

const checkFields = zodValidate(schemas.documentFields);

/**
 * Adds a document to an owner or changes one (a new file replaces the stored one). The type list is
 * the owner type's; the expiry date is asked for when the type expires. A save counts only when the
 * server answers code 200 (spec 000 §4).
 */
export function DocumentForm({
  ownerType,
  ownerId,
  document,
  presetTypeId,
  opened,
  onClose,
}: {
  ownerType: DocumentOwnerType;
  ownerId: number;
  document?: DocumentRow | null;
  presetTypeId?: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = useCall('Common/GetDocumentTypeList', { ownerType, perPage: 0 }, { staleTime: 60_000 });
  const create = useCallMutation('Common/Create');
  const update = useCallMutation('Common/UpdateDocument');
  const typeRows = types.data?.data ?? [];
  const typeOf = (id: number | null) => typeRows.find((r) => r.id === id);

  const form = useForm<Values>({
    initialValues: {
      documentTypeId: document?.documentTypeId ?? presetTypeId ?? null,
      reference: document?.reference ?? '',
      issueDate: document?.issueDate ?? null,
      expiryDate: document?.expiryDate ?? null,
      notes: document?.notes ?? '',
      file: null,
      removeFile: false,
    },
    validateInputOnChange: true,
    validate: (values) => {
      const errors: Record<string, string> = checkFields({
        ownerType,
        ownerId,
        documentTypeId: values.documentTypeId ?? (undefined as never),
        reference: values.reference,
        issueDate: values.issueDate,
        expiryDate: values.expiryDate,
        notes: values.notes,
      });
      if (typeOf(values.documentTypeId)?.hasExpiry && !values.expiryDate)
        errors.expiryDate = t('documents.expiryRequired');
      const problem = values.file ? fileProblem(values.file) : null;
      if (problem) errors.file = t(`documents.${problem}`);
      return errors;
    },
  });
  const chosenType = typeOf(form.values.documentTypeId);
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    try {
      const fields = {
        ownerType,
        ownerId,
        documentTypeId: values.documentTypeId ?? 0,
        reference: values.reference,
        issueDate: values.issueDate,
        expiryDate: chosenType?.hasExpiry === false ? null : values.expiryDate,
        notes: values.notes,
        ...(values.file ? { file: await readAsUpload(values.file) } : {}),
      };
      const res = document
        ? await update.mutateAsync({ ...fields, id: document.id, removeFile: values.removeFile })
        : await create.mutateAsync(fields);
      if (res.code !== 200) throw new ApiError(res.code, res.message);
      notifySuccess(t('documents.saved'), res.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        // The server names the file's parts (file.content, file.mimeType); the form has one field.
        form.setErrors(
          Object.fromEntries(error.errors.map((e) => [e.field.startsWith('file.') ? 'file' : e.field, e.message])),
        );
      }
      notifyError(t('form.failed'), error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={document ? t('documents.editTitle', { type: document.documentTypeName }) : t('documents.addTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('documents.type')}
            required
            searchable
            data={typeRows.map((r) => ({
              value: String(r.id),
              label: r.isMandatory ? `${r.name} (${t('documents.mandatory')})` : r.name,
            }))}
            disabled={types.isPending}
            value={form.values.documentTypeId ? String(form.values.documentTypeId) : null}
            onChange={(v) => form.setFieldValue('documentTypeId', v ? Number(v) : null)}
            error={form.errors.documentTypeId}
          />
          <TextInput label={t('documents.reference')} {...form.getInputProps('reference')} />
          <Group grow align="flex-start">
            <DatePickerInput
              label={t('documents.issueDate')}
              valueFormat="DD-MM-YYYY"
              clearable
              {...form.getInputProps('issueDate')}
            />
            <DatePickerInput
              label={t('documents.expiryDate')}
              valueFormat="DD-MM-YYYY"
              clearable
              required={chosenType?.hasExpiry ?? false}
              disabled={chosenType?.hasExpiry === false}
              description={chosenType?.hasExpiry === false ? t('documents.noExpiryType') : undefined}
              {...form.getInputProps('expiryDate')}
            />
          </Group>
          <FileInput
            label={t('documents.file')}
            placeholder={t('documents.filePlaceholder')}
            accept={ACCEPTED_TYPES}
            clearable
            leftSection={<IconFileUpload size={16} />}
            description={
              document?.hasFile && !form.values.file
                ? t('documents.storedFile', { name: document.fileName })
                : undefined
            }
            {...form.getInputProps('file')}
          />
          {document?.hasFile && !form.values.file ? (
            <Checkbox label={t('documents.removeFile')} {...form.getInputProps('removeFile', { type: 'checkbox' })} />
          ) : null}
          <Textarea label={t('documents.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end" mt="sm">
            {busy && form.values.file ? (
              <Text size="sm" c="dimmed" me="auto">
                {t('documents.uploading')}
              </Text>
            ) : null}
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
