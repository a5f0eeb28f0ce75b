import { describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES, receiptProblem } from './receipt';

const file = (bytes: number, type: string) => {
  const f = new File(['x'], 'receipt', { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

describe('a receipt', () => {
  it('may be a photo or a PDF up to 10 MB', () => {
    expect(receiptProblem(file(2_000_000, 'image/jpeg'))).toBeNull();
    expect(receiptProblem(file(RECEIPT_MAX_BYTES, 'application/pdf'))).toBeNull();
  });

  it('is refused when larger, empty or of another kind', () => {
    expect(receiptProblem(file(RECEIPT_MAX_BYTES + 1, 'image/png'))).toBe('tooLarge');
    expect(receiptProblem(file(0, 'image/png'))).toBe('empty');
    expect(receiptProblem(file(1000, 'image/heic'))).toBe('wrongType');
    expect(receiptProblem(file(1000, 'image/svg+xml'))).toBe('wrongType');
  });
});
