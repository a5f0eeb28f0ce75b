import { renderInvoicePdf } from '../../../apps/server/src/domains/invoicing/documents/invoice-pdf';
import type { InvoiceDocumentModel } from '../../../apps/server/src/domains/invoicing/documents/model';
import { renderInvoiceXlsx } from '../../../apps/server/src/domains/invoicing/documents/xlsx';
import { lineMoney, vatTable } from '../../../apps/server/src/domains/invoicing/totals';

/** An issued invoice of `lines` jobs, with long routes and names that take the two-line cells. */
export function benchInvoice(lines: number): InvoiceDocumentModel {
  const docLines = Array.from({ length: lines }, (_, i) => ({
    position: i + 1,
    bookingId: 100_000 + i,
    serviceDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
    reference: `PO-${7000 + i}`,
    passengerName: i % 3 ? 'Ada Lovelace' : 'Bartholomew Featherstonehaugh-Smythe',
    route: i % 2 ? "Heathrow Terminal 5 – St Paul's Cathedral, London EC4M 8AD" : 'Kings Cross – Soho Square',
    description: `Journey ${i + 1}`,
    quantity: 1,
    ...lineMoney(2500 + ((i * 137) % 9000), i % 10 ? 2000 : 0, true),
  }));
  return {
    id: 1,
    status: 'approved',
    draft: false,
    invoiceNo: 'INV-2026-00042',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    currency: 'GBP',
    clientId: 1,
    clientAccountNo: 'ACME01',
    clientReference: 'PO 7781',
    notes: null,
    issuedBy: { name: 'Bench Cars Ltd', address: '12 High Street\nLondon W1A 1AA', vatNumber: 'GB123456789' },
    issuedTo: { name: 'Acme Ltd', address: '1 Acme Way\nReading RG1 1AA', vatNumber: 'GB987654321', email: null },
    lines: docLines,
    vat: vatTable(docLines),
    paidMinor: 0,
    creditedMinor: 0,
    approvedAt: new Date('2026-11-01T09:00:00Z'),
    look: {
      name: 'Bench Cars',
      primaryColor: '#0b7285',
      logo: null,
      contact: 'office@bench.test',
      locale: 'en-GB',
      dateFormat: 'd-m-Y',
      timezone: 'Europe/London',
    },
  };
}

/**
 * One invoice of `lines` lines rendered as PDF (and as the fixed XLSX), in process: the first run warms
 * the fonts, then `runs` timed renders. The call adds a read of the lines and one file write.
 */
export async function invoicePdf(lines = 500, runs = 5) {
  const model = benchInvoice(lines);
  await renderInvoicePdf(model);
  const pdfMs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = (await renderInvoicePdf(model)).length;
    pdfMs.push(performance.now() - t0);
  }
  const t0 = performance.now();
  const xlsxBytes = (await renderInvoiceXlsx(model)).length;
  const xlsxMs = performance.now() - t0;
  pdfMs.sort((a, b) => a - b);
  return {
    lines,
    pages: Math.ceil(lines / 25),
    pdfMedianMs: Math.round(pdfMs[Math.floor(runs / 2)]!),
    pdfMaxMs: Math.round(pdfMs.at(-1)!),
    pdfKB: Math.round(bytes / 1024),
    xlsxMs: Math.round(xlsxMs),
    xlsxKB: Math.round(xlsxBytes / 1024),
  };
}
