import ExcelJS from 'exceljs';
import type { InvoiceDocumentModel } from './model';
import { decimalNumber, minorDigits } from './words';

/** The fixed columns an accounts team imports: never reorder or rename them (docs/invoicing.md#documents). */
export const FIXED_COLUMNS = [
  'Invoice No',
  'Invoice Date',
  'Due Date',
  'Client Account',
  'Client',
  'Line',
  'Booking No',
  'Service Date',
  'Reference',
  'Passenger',
  'Route',
  'Net',
  'VAT Rate',
  'VAT',
  'Gross',
] as const;

const widths = [16, 12, 12, 14, 28, 6, 11, 12, 16, 24, 48, 12, 9, 12, 12];

/** A calendar day as a spreadsheet date (midnight UTC, so no zone shifts it). */
const day = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

/**
 * The invoice as an XLSX of fixed layout: one header row of FIXED_COLUMNS, one row per line. Dates
 * are date cells (yyyy-mm-dd); money cells are numbers of the currency made from the minor units
 * digit by digit, formatted with the currency's decimals; the VAT rate is a percentage cell.
 */
export async function renderInvoiceXlsx(m: InvoiceDocumentModel): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cabdesk';
  const when = m.approvedAt ?? new Date(0);
  workbook.created = when;
  workbook.modified = when;
  const sheet = workbook.addWorksheet('Invoice', { views: [{ state: 'frozen', ySplit: 1 }] });
  const digits = minorDigits(m.currency);
  const moneyFormat = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  sheet.columns = FIXED_COLUMNS.map((header, i) => ({ header, key: header, width: widths[i] }));
  for (const l of m.lines) {
    sheet.addRow([
      m.invoiceNo ?? 'DRAFT',
      day(m.issueDate),
      day(m.dueDate),
      m.clientAccountNo ?? '',
      m.issuedTo.name,
      l.position,
      l.bookingId,
      day(l.serviceDate),
      l.reference ?? '',
      l.passengerName ?? '',
      l.route,
      decimalNumber(l.netMinor, m.currency),
      l.vatRateBp / 10000,
      decimalNumber(l.vatMinor, m.currency),
      decimalNumber(l.grossMinor, m.currency),
    ]);
  }
  for (const key of ['Invoice Date', 'Due Date', 'Service Date']) sheet.getColumn(key).numFmt = 'yyyy-mm-dd';
  for (const key of ['Net', 'VAT', 'Gross']) sheet.getColumn(key).numFmt = moneyFormat;
  sheet.getColumn('VAT Rate').numFmt = '0.00%';
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: FIXED_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
