import { documentFileTypes } from '@cabdesk/contract';

/** The server keeps receipts up to 10 MB; checking here saves sending a photo that will be refused. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export type ReceiptProblem = 'tooLarge' | 'wrongType' | 'empty';

/** Why a picked file cannot be a receipt (photo or PDF, at most 10 MB), or null. */
export function receiptProblem(file: File): ReceiptProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > RECEIPT_MAX_BYTES) return 'tooLarge';
  if (!(documentFileTypes as readonly string[]).includes(file.type.toLowerCase())) return 'wrongType';
  return null;
}
