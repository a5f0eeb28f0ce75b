import { documentFileTypes, type ExpiryState } from '@cabdesk/contract';

/** The largest file the server takes for a document (documentUpload in the contract). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_TYPES = documentFileTypes.join(',');

/** Why a picked file cannot be sent, as an i18n key under documents, or null when it can. */
export function fileProblem(file: { size: number; type: string }): 'fileTooLarge' | 'fileType' | null {
  if (!(documentFileTypes as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size > MAX_DOCUMENT_BYTES) return 'fileTooLarge';
  return null;
}

export const expiryColours: Record<ExpiryState, string> = {
  valid: 'teal',
  expiring: 'orange',
  expired: 'red',
  no_expiry: 'gray',
};

/** Mandatory types the owner has no document of: the panel shows them as "missing" rows. */
export function missingMandatory<T extends { id: number; isMandatory: boolean }>(
  types: readonly T[],
  documents: readonly { documentTypeId: number }[],
): T[] {
  const held = new Set(documents.map((d) => d.documentTypeId));
  return types.filter((t) => t.isMandatory && !held.has(t.id));
}

/** Bytes as a person reads them (KB, MB). */
export function fileSize(bytes: number | null | undefined): string {
  if (!bytes) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
