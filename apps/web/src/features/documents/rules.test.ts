import { describe, expect, it } from 'vitest';
import { fileProblem, fileSize, MAX_DOCUMENT_BYTES, missingMandatory } from './rules';

describe('document rules', () => {
  it('takes PDFs and pictures up to 10 MB only', () => {
    expect(fileProblem({ size: 1000, type: 'application/pdf' })).toBeNull();
    expect(fileProblem({ size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(fileProblem({ size: 1000, type: 'image/svg+xml' })).toBe('fileType');
    expect(fileProblem({ size: 1000, type: '' })).toBe('fileType');
    expect(fileProblem({ size: MAX_DOCUMENT_BYTES + 1, type: 'application/pdf' })).toBe('fileTooLarge');
  });

  it('finds the mandatory types an owner lacks', () => {
    const types = [
      { id: 1, isMandatory: true },
      { id: 2, isMandatory: true },
      { id: 3, isMandatory: false },
    ];
    expect(missingMandatory(types, [{ documentTypeId: 2 }]).map((t) => t.id)).toEqual([1]);
    expect(missingMandatory(types, [{ documentTypeId: 1 }, { documentTypeId: 2 }])).toEqual([]);
  });

  it('writes sizes for people', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(fileSize(null)).toBe('');
  });
});
