import { z } from 'zod';

const rowError = z.object({ field: z.string(), message: z.string() });

/** What an import would do with each row of a sheet. */
export const importPreview = z.object({
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  rows: z.array(
    z.object({
      rowNumber: z.number().describe('The row in the sheet (the header is row 1)'),
      values: z.record(z.string(), z.string()),
      errors: z.array(rowError),
    }),
  ),
  validCount: z.number(),
  invalidCount: z.number(),
});
