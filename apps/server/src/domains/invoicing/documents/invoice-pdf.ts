import {
  type Colours,
  coloursOf,
  type Column,
  CONTENT_WIDTH,
  draftMark,
  footers,
  MUTED,
  newPdf,
  PAGE,
  pageTop,
  type Pdf,
  pdfBytes,
  put,
  RULE,
  ROW_HEIGHT,
  tableHead,
  tableRow,
  documentHead,
  continuedHead,
} from './pdf-kit';
import type { DocumentLine, InvoiceDocumentModel } from './model';
import { dayText, money, plainMoney, rateText } from './words';

/** Job lines on each page; the totals and the VAT table come after the last line on the last page. */
export const LINES_PER_PAGE = 25;

const columnsFor = (m: InvoiceDocumentModel): Column<DocumentLine>[] => {
  const { locale, dateFormat } = m.look;
  return [
    { title: 'Date', width: 52, cell: (l) => dayText(l.serviceDate, dateFormat) },
    { title: 'Booking', width: 40, cell: (l) => (l.bookingId ? String(l.bookingId) : '') },
    { title: 'Reference', width: 62, cell: (l) => l.reference ?? '' },
    { title: 'Passenger', width: 80, cell: (l) => l.passengerName ?? '', wrap: true },
    { title: 'Route', width: 147, cell: (l) => l.route, wrap: true },
    { title: 'Net', width: 48, align: 'right', cell: (l) => plainMoney(l.netMinor, m.currency, locale) },
    { title: 'VAT', width: 32, align: 'right', cell: (l) => rateText(l.vatRateBp) },
    {
      title: `Price (${m.currency})`,
      width: 54,
      align: 'right',
      cell: (l) => plainMoney(l.grossMinor, m.currency, locale),
    },
  ];
};

function firstPageHead(doc: Pdf, m: InvoiceDocumentModel, c: Colours): number {
  const { dateFormat } = m.look;
  const facts: [string, string][] = [
    ['Invoice No', m.invoiceNo ?? '-'],
    ['Issue date', dayText(m.issueDate, dateFormat) || '-'],
    ['Due date', dayText(m.dueDate, dateFormat) || '-'],
  ];
  if (m.periodFrom && m.periodTo)
    facts.push(['Period', `${dayText(m.periodFrom, dateFormat)} - ${dayText(m.periodTo, dateFormat)}`]);
  if (m.clientAccountNo) facts.push(['Account', m.clientAccountNo]);
  if (m.clientReference) facts.push(['Your reference', m.clientReference]);
  const headEnd = documentHead(doc, m.look, c, {
    title: m.draft ? 'DRAFT INVOICE' : 'INVOICE',
    number: m.invoiceNo ?? 'Not issued yet: no number',
    numberMuted: !m.invoiceNo,
    from: { caption: 'From', party: m.issuedBy },
    to: { caption: 'Bill to', party: m.issuedTo },
    facts,
  });
  return headEnd + 18;
}

const nextPageHead = (doc: Pdf, m: InvoiceDocumentModel, c: Colours): number =>
  continuedHead(doc, c, m.draft ? 'Draft invoice' : `Invoice ${m.invoiceNo ?? ''}`, m.issuedTo.name);

function totals(doc: Pdf, m: InvoiceDocumentModel, c: Colours, y: number): void {
  const { locale, dateFormat } = m.look;
  const cur = m.currency;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  let at = y + 10;
  // The VAT table: one row per rate.
  const vx = PAGE.margin;
  const vw = [60, 70, 60, 70];
  put(doc, 'VAT SUMMARY', vx, at, { size: 7, bold: true, colour: MUTED });
  at += 11;
  const heads = ['Rate', 'Net', 'VAT', 'Gross'];
  let x = vx;
  heads.forEach((h, i) => {
    put(doc, h, x, at, { size: 7.5, bold: true, width: vw[i]! - 4, align: i ? 'right' : 'left', height: 10 });
    x += vw[i]!;
  });
  at += 12;
  for (const r of m.vat.rows) {
    const cells = [
      rateText(r.vatRateBp),
      plainMoney(r.netMinor, cur, locale),
      plainMoney(r.vatMinor, cur, locale),
      plainMoney(r.grossMinor, cur, locale),
    ];
    x = vx;
    cells.forEach((t, i) => {
      put(doc, t, x, at, { size: 8, width: vw[i]! - 4, align: i ? 'right' : 'left', height: 10 });
      x += vw[i]!;
    });
    at += 12;
  }
  // The totals.
  const tx = PAGE.margin + 315;
  const tw = CONTENT_WIDTH - 315;
  let ty = y + 10;
  const line = (label: string, value: string, bold = false) => {
    put(doc, label, tx, ty, { size: 9, bold, width: tw * 0.5, height: 12 });
    put(doc, value, tx + tw * 0.5, ty, { size: 9, bold, width: tw * 0.5 - 6, align: 'right', height: 12 });
    ty += 15;
  };
  line('Net total', money(m.vat.net, cur, locale));
  line('VAT', money(m.vat.vat, cur, locale));
  doc.rect(tx - 6, ty - 3, tw + 6, 20).fill(c.filled);
  put(doc, 'Total', tx, ty + 2.5, { size: 10.5, bold: true, colour: c.onFilled, width: tw * 0.5, height: 13 });
  put(doc, money(m.vat.gross, cur, locale), tx + tw * 0.5, ty + 2.5, {
    size: 10.5,
    bold: true,
    colour: c.onFilled,
    width: tw * 0.5 - 6,
    align: 'right',
    height: 13,
  });
  ty += 24;
  if (m.paidMinor || m.creditedMinor) {
    if (m.paidMinor) line('Paid', money(-m.paidMinor, cur, locale));
    if (m.creditedMinor) line('Credited', money(-m.creditedMinor, cur, locale));
    line('Amount due', money(m.vat.gross - m.paidMinor - m.creditedMinor, cur, locale), true);
  }
  at = Math.max(at, ty) + 6;
  const terms = m.draft
    ? 'This is a draft: it is not an invoice until it is issued with a number.'
    : `Please pay by ${dayText(m.dueDate, dateFormat)} and quote ${m.invoiceNo ?? ''} with your payment.`;
  put(doc, terms, PAGE.margin, at, { size: 8.5, width: CONTENT_WIDTH, height: 12 });
  at += 14;
  if (m.notes) put(doc, m.notes, PAGE.margin, at, { size: 8.5, colour: MUTED, width: CONTENT_WIDTH, height: 36 });
}

/**
 * The invoice as PDF: page 1 has the parties and the invoice's number and dates, every page has up
 * to 25 lines (date, booking, reference, passenger, route, net, VAT rate, price) and the last one the
 * VAT table and the totals. A draft is marked DRAFT on every page.
 */
export async function renderInvoicePdf(m: InvoiceDocumentModel): Promise<Buffer> {
  const doc = newPdf(m.invoiceNo ? `Invoice ${m.invoiceNo}` : 'Draft invoice', m.look, m.approvedAt);
  const c = coloursOf(m.look);
  const columns = columnsFor(m);
  const pages = Math.max(1, Math.ceil(m.lines.length / LINES_PER_PAGE));
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    pageTop(doc, m.look, c);
    let y = p === 0 ? firstPageHead(doc, m, c) : nextPageHead(doc, m, c);
    y += tableHead(doc, columns, y, c);
    const slice = m.lines.slice(p * LINES_PER_PAGE, (p + 1) * LINES_PER_PAGE);
    if (slice.length === 0) {
      put(doc, 'No lines.', PAGE.margin + 4, y + 5, { size: 8.5, colour: MUTED });
      y += ROW_HEIGHT;
    }
    slice.forEach((line, i) => {
      y += tableRow(doc, columns, line, y, i % 2 === 1);
    });
    if (p === pages - 1) totals(doc, m, c, y + 6);
    if (m.draft) draftMark(doc);
  }
  footers(
    doc,
    m.look,
    m.issuedBy.vatNumber ? `${m.issuedBy.name}  ·  VAT No ${m.issuedBy.vatNumber}` : m.issuedBy.name,
  );
  return pdfBytes(doc);
}
