import ExcelJS from 'exceljs';
import type { BenchContext } from './context';

export interface FixedImportFigures {
  rows: number;
  previewMs: number;
  commitMs: number;
  newRows: number;
  failures: number;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet of fixed prices between postcode districts, in the layout FixedPricing/Export writes. */
async function sheetOf(rows: number, seed: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fixed prices');
  sheet.addRow(['From', 'To', 'Vehicle type', 'Price', 'Reverse also matches']);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([`postcode:B${seed}X${i % 100}`, `postcode:C${Math.floor(i / 100)}`, 'All', 20 + (i % 50), 'No']);
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
  return { fileName: 'fixed-prices.xlsx', mimeType: XLSX, content };
}

async function post(ctx: BenchContext, body: object) {
  const started = performance.now();
  const res = await fetch(`${ctx.appUrl}/FixedPricing/SaveExcelImportFile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.officeToken}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data?: { counts?: { new: number } } };
  return { ms: Math.round(performance.now() - started), ok: res.ok, newRows: answer.data?.counts?.new ?? 0 };
}

/**
 * FixedPricing/SaveExcelImportFile with a 5,000-row XLSX through the whole call (upload, parse,
 * resolve every place, compare with the table): the preview, then the commit that writes the rows
 * and the model's new version. Target: each under 10 s.
 */
export async function fixedImport(ctx: BenchContext, rows = 5000): Promise<FixedImportFigures> {
  const file = await sheetOf(rows, Date.now() % 1000);
  const preview = await post(ctx, { file });
  const commit = await post(ctx, { file, commit: true });
  return {
    rows,
    previewMs: preview.ms,
    commitMs: commit.ms,
    newRows: commit.newRows,
    failures: (preview.ok ? 0 : 1) + (commit.ok ? 0 : 1),
  };
}
