import ExcelJS from 'exceljs';
import { companyFacts } from '../company/facts';
import { decimalNumber } from '../invoicing/documents/words';
import { collectList, type Ctx, exportFileName, plainValue } from './collect';

export const MAX_EXPORT_ROWS = 10_000;

/**
 * A list call's rows (its filters and sort, every page, the caller's own permission) in an XLSX
 * sheet: a bold frozen header, filters on, money in currency units of the company's currency.
 */
export async function exportList(ctx: Ctx, name: string, input: Record<string, unknown>) {
  const [list, { currency }] = await Promise.all([collectList(ctx, name, input, MAX_EXPORT_ROWS), companyFacts(ctx)]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cabdesk';
  const sheet = workbook.addWorksheet(name.split('/')[0] ?? 'Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = list.columns.map(({ key, title, money }) => ({
    header: title,
    key,
    width: Math.min(40, Math.max(10, title.length + 2)),
    style: money ? { numFmt: '#,##0.00' } : {},
  }));
  for (const row of list.rows) {
    sheet.addRow(
      Object.fromEntries(
        list.columns.map(({ key, money }) => {
          const value = row[key];
          return [key, money && typeof value === 'number' ? decimalNumber(value, currency) : plainValue(value)];
        }),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  const width = list.columns.length;
  if (width) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: width } };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    fileName: exportFileName(name, 'xlsx'),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: buffer.toString('base64'),
    rows: list.rows.length,
  };
}
