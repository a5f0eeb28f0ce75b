import { z } from 'zod';
import { area, mutation, read } from '../define';
import { fileUpload, requiredText } from '../fields';
import { importPreview } from './schemas';

/** Spreadsheets people export from other systems: XLSX, or CSV (which browsers label variously). */
const sheetUpload = () =>
  fileUpload({
    maxBytes: 5 * 1024 * 1024,
    mimeTypes: [
      'text/csv',
      'text/plain',
      'application/csv',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  });

const previewCall = (noun: string) =>
  read({
    input: z.object({ file: sheetUpload() }),
    output: importPreview,
    verb: 'create',
    upload: 'file',
    addedBecause: `the work asks for an import of ${noun} from CSV or XLSX with a preview and an error per bad row, and the spec names no import call`,
    summary: `Checks every row of a ${noun} sheet exactly as the import would (nothing is written) and answers the errors per row.`,
  });

const importCall = (noun: string) =>
  mutation({
    verb: 'create',
    input: z.object({ file: sheetUpload() }),
    output: z.object({ created: z.number() }),
    upload: 'file',
    addedBecause: `the work asks for an import of ${noun} from CSV or XLSX, and the spec names no import call`,
    summary: `Imports every row of a ${noun} sheet in one go; one bad row refuses the whole file (400 with the row errors).`,
  });

export const driverImport = area(
  'Driver',
  { subject: 'Driver' },
  {
    GetImportPreview: previewCall('drivers'),
    Import: importCall('drivers'),
  },
);
export const passengerImport = area(
  'Passenger',
  { subject: 'Passenger' },
  {
    GetImportPreview: previewCall('passengers'),
    Import: importCall('passengers'),
  },
);
export const clientImport = area(
  'Client',
  { subject: 'Client' },
  {
    GetImportPreview: previewCall('clients'),
    Import: importCall('clients'),
  },
);
export const vehicleImport = area(
  'Vehicle',
  { subject: 'Vehicle' },
  {
    GetImportPreview: previewCall('vehicles'),
    Import: importCall('vehicles'),
  },
);

export const exportCall = area(
  'Common',
  { subject: 'Lookup' },
  {
    ExportToExcel: read({
      input: z.object({
        call: requiredText(120).describe(
          'The list call to export, e.g. Driver/GetTableSummary, or a report that answers a table (Reports/GetReportsDataBookingsTotals: a row per day)',
        ),
        input: z.record(z.string(), z.unknown()).optional().default({}),
      }),
      output: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string(), rows: z.number() }),
      addedBecause: 'the work asks for an export of every list to XLSX, and the spec names no export call',
      summary:
        'Runs a list call with its filters (up to 10,000 rows, the caller’s own permission applies) and answers an XLSX file as base64.',
    }),
    ExportToPdf: read({
      input: z.object({
        call: requiredText(120).describe(
          'The list call to print, e.g. Reports/GetReportsDataClient, or a report that answers a table (Reports/GetReportsDataBookingsTotals)',
        ),
        input: z.record(z.string(), z.unknown()).optional().default({}),
        title: z
          .string()
          .trim()
          .max(120, 'must be at most 120 characters')
          .optional()
          .describe('The heading printed on the first page'),
      }),
      output: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string(), rows: z.number() }),
      addedBecause: 'the work asks for an export of every report to XLSX and PDF, and the spec names no export call',
      summary:
        'Runs a list call with its filters (up to 2,000 rows, the caller’s own permission applies) and answers a printable PDF table (A4 across, the company’s logo, page numbers) as base64.',
    }),
  },
);
