import { handlers } from '../../platform/http/context';
import { exportList } from './export';
import { exportListPdf } from './pdf-export';
import { runImport } from './run-import';
import { readSheet } from './sheet';

const importOf = (area: 'Driver' | 'Passenger' | 'Client' | 'Vehicle') => ({
  preview: async (input: { file: Parameters<typeof readSheet>[0] }, ctx: Parameters<typeof runImport>[0]) =>
    runImport(ctx, area, await readSheet(input.file), false),
  commit: async (input: { file: Parameters<typeof readSheet>[0] }, ctx: Parameters<typeof runImport>[0]) => {
    const result = await runImport(ctx, area, await readSheet(input.file), true);
    return { data: { created: result.validCount }, message: `${result.validCount} rows imported.` };
  },
});

const drivers = importOf('Driver');
const passengers = importOf('Passenger');
const clients = importOf('Client');
const vehicles = importOf('Vehicle');

export const importExportHandlers = handlers({
  'Driver/GetImportPreview': drivers.preview,
  'Driver/Import': drivers.commit,
  'Passenger/GetImportPreview': passengers.preview,
  'Passenger/Import': passengers.commit,
  'Client/GetImportPreview': clients.preview,
  'Client/Import': clients.commit,
  'Vehicle/GetImportPreview': vehicles.preview,
  'Vehicle/Import': vehicles.commit,
  'Common/ExportToExcel': (input, ctx) => exportList(ctx, input.call, input.input),
  'Common/ExportToPdf': (input, ctx) => exportListPdf(ctx, input.call, input.input, input.title),
});
