import type { DocumentLook, Party } from '../invoicing/documents/model';
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
} from '../invoicing/documents/pdf-kit';
import { dayText, money, plainMoney } from '../invoicing/documents/words';

export interface StatementJobLine {
  bookingId: number;
  /** The pick-up on the company's clock: YYYY-MM-DD and HH:mm. */
  pickupDay: string;
  pickupTime: string;
  route: string;
  paymentMethod: string;
  fareMinor: number;
  payMinor: number;
}

/** A line below the jobs: a bonus, an adjustment, a correction, an expense or a deduction, signed as it counts. */
export interface StatementExtraLine {
  kind: string;
  text: string;
  bookingId: number | null;
  amountMinor: number;
}

/** A driver's statement as its PDF prints it (docs/driver-pay.md#self-billing-statement). */
export interface StatementDocumentModel {
  id: number;
  draft: boolean;
  statementNo: string | null;
  status: string;
  periodFrom: string;
  periodTo: string;
  approvedDay: string | null;
  approvedAt: Date | null;
  currency: string;
  company: Party;
  driver: Party & { callsign: string | null };
  jobs: StatementJobLine[];
  lines: StatementExtraLine[];
  totals: {
    earnedMinor: number;
    cashCollectedMinor: number;
    bonusesMinor: number;
    expensesMinor: number;
    adjustmentsMinor: number;
    deductionsMinor: number;
    netMinor: number;
    settledMinor: number;
    dueMinor: number;
  };
  look: DocumentLook;
}

/** Job rows on each page; the lines and totals follow the last job, on new pages when they must. */
export const JOBS_PER_PAGE = 25;
/** Where a page's content must end to leave room for the footer. */
const PAGE_BOTTOM = PAGE.height - 50;

const methodWords: Record<string, string> = { cash: 'Cash', card: 'Card', account: 'Account' };

const jobColumns = (m: StatementDocumentModel): Column<StatementJobLine>[] => {
  const { locale, dateFormat } = m.look;
  return [
    { title: 'Pick-up', width: 82, cell: (j) => `${dayText(j.pickupDay, dateFormat)} ${j.pickupTime}` },
    { title: 'Booking', width: 48, cell: (j) => String(j.bookingId) },
    { title: 'Route', width: 185, cell: (j) => j.route, wrap: true },
    { title: 'Payment', width: 56, cell: (j) => methodWords[j.paymentMethod] ?? j.paymentMethod },
    { title: 'Fare', width: 72, align: 'right', cell: (j) => plainMoney(j.fareMinor, m.currency, locale) },
    {
      title: `Your pay (${m.currency})`,
      width: CONTENT_WIDTH - 443,
      align: 'right',
      cell: (j) => plainMoney(j.payMinor, m.currency, locale),
    },
  ];
};

const kindWords: Record<string, string> = {
  bonus: 'Bonus',
  adjustment: 'Adjustment',
  correction: 'Correction',
  expense: 'Expense',
  deduction: 'Deduction',
};

const lineColumns = (m: StatementDocumentModel): Column<StatementExtraLine>[] => [
  { title: 'Kind', width: 82, cell: (l) => kindWords[l.kind] ?? l.kind },
  { title: 'Booking', width: 48, cell: (l) => (l.bookingId ? String(l.bookingId) : '') },
  { title: 'Reason', width: 313, cell: (l) => l.text, wrap: true },
  {
    title: `Amount (${m.currency})`,
    width: CONTENT_WIDTH - 443,
    align: 'right',
    cell: (l) => plainMoney(l.amountMinor, m.currency, m.look.locale),
  },
];

const title = (m: StatementDocumentModel) =>
  m.statementNo ? `Self-billing statement ${m.statementNo}` : 'Draft self-billing statement';

function firstPageHead(doc: Pdf, m: StatementDocumentModel, c: Colours): number {
  const { dateFormat } = m.look;
  const facts: [string, string][] = [
    ['Statement No', m.statementNo ?? 'DRAFT'],
    ['Period', `${dayText(m.periodFrom, dateFormat)} - ${dayText(m.periodTo, dateFormat)}`],
    ['Approved', dayText(m.approvedDay, dateFormat) || '-'],
    ['Jobs', String(m.jobs.length)],
  ];
  if (m.driver.callsign) facts.push(['Callsign', m.driver.callsign]);
  const driverParty = {
    ...m.driver,
    name: m.driver.callsign ? `${m.driver.name} (${m.driver.callsign})` : m.driver.name,
  };
  const headEnd = documentHead(doc, m.look, c, {
    title: 'Self-billing statement',
    titleSize: 20,
    titleWidth: 300,
    number: m.statementNo ?? 'DRAFT: not approved, no number',
    numberMuted: !m.statementNo,
    from: { caption: 'From (self-billed by)', party: m.company },
    to: { caption: 'Driver', party: driverParty },
    facts,
  });
  return headEnd + 18;
}

const nextPageHead = (doc: Pdf, m: StatementDocumentModel, c: Colours): number =>
  continuedHead(doc, c, title(m), m.driver.name);

/** A new page with its band, heading and DRAFT mark; answers where its content starts. */
function newPage(doc: Pdf, m: StatementDocumentModel, c: Colours, first: boolean): number {
  doc.addPage();
  pageTop(doc, m.look, c);
  return first ? firstPageHead(doc, m, c) : nextPageHead(doc, m, c);
}

function caption(doc: Pdf, text: string, y: number): number {
  put(doc, text.toUpperCase(), PAGE.margin, y, { size: 7.5, bold: true, colour: MUTED });
  return 13;
}

/** The totals, the net with its direction, what was paid and what is left; answers the height used. */
function totals(doc: Pdf, m: StatementDocumentModel, c: Colours, y: number): number {
  const { locale } = m.look;
  const cur = m.currency;
  const t = m.totals;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const tx = PAGE.margin + 255;
  const tw = CONTENT_WIDTH - 255;
  let ty = y + 10;
  const line = (label: string, value: number, bold = false) => {
    put(doc, label, tx, ty, { size: 9, bold, width: tw * 0.6, height: 12 });
    put(doc, money(value, cur, locale), tx + tw * 0.6, ty, {
      size: 9,
      bold,
      width: tw * 0.4 - 6,
      align: 'right',
      height: 12,
    });
    ty += 15;
  };
  line('Earned on jobs', t.earnedMinor);
  line('Bonuses', t.bonusesMinor);
  line('Expenses', t.expensesMinor);
  line('Adjustments and corrections', t.adjustmentsMinor);
  line('Deductions', -t.deductionsMinor);
  line('Cash you collected', -t.cashCollectedMinor);
  const direction =
    t.netMinor > 0
      ? `We pay you ${money(t.netMinor, cur, locale)}`
      : t.netMinor < 0
        ? `You owe us ${money(-t.netMinor, cur, locale)}`
        : 'Nothing to pay either way';
  doc.rect(tx - 6, ty - 3, tw + 6, 20).fill(c.filled);
  put(doc, direction, tx, ty + 2.5, { size: 10.5, bold: true, colour: c.onFilled, width: tw - 6, height: 13 });
  ty += 26;
  if (!m.draft) {
    line(t.netMinor < 0 ? 'Collected from you so far' : 'Paid to you so far', t.settledMinor);
    line('Left to settle', t.dueMinor, true);
  }
  const note = m.draft
    ? 'This is a draft: it becomes a statement when it is approved with a number.'
    : `This statement is issued by ${m.company.name} on your behalf (self-billing). Please tell us of any error within 14 days.`;
  put(doc, note, PAGE.margin, ty + 4, { size: 8.5, width: CONTENT_WIDTH, height: 24 });
  return ty + 30 - y;
}

/** Height the totals block takes (lines above plus the net and the paid rows). */
const TOTALS_HEIGHT = 10 + 6 * 15 + 26 + 2 * 15 + 30;

/**
 * The self-billing statement as PDF: page 1 has the company, the driver and the number (or DRAFT)
 * with the period; then the jobs, up to 25 a page; then the other lines and the totals with the net
 * and its direction, on a new page when they do not fit. A draft is marked DRAFT on every page.
 */
export async function renderStatementPdf(m: StatementDocumentModel): Promise<Buffer> {
  const doc = newPdf(title(m), m.look, m.approvedAt);
  const c = coloursOf(m.look);
  const columns = jobColumns(m);
  const jobPages = Math.max(1, Math.ceil(m.jobs.length / JOBS_PER_PAGE));
  let y = 0;
  for (let p = 0; p < jobPages; p++) {
    y = newPage(doc, m, c, p === 0);
    y += tableHead(doc, columns, y, c);
    const slice = m.jobs.slice(p * JOBS_PER_PAGE, (p + 1) * JOBS_PER_PAGE);
    if (slice.length === 0) {
      put(doc, 'No jobs in this period.', PAGE.margin + 4, y + 5, { size: 8.5, colour: MUTED });
      y += ROW_HEIGHT;
    }
    slice.forEach((job, i) => {
      y += tableRow(doc, columns, job, y, i % 2 === 1);
    });
  }
  if (m.lines.length) {
    const lineCols = lineColumns(m);
    y += 12;
    if (y + 13 + 18 + ROW_HEIGHT > PAGE_BOTTOM) y = newPage(doc, m, c, false);
    y += caption(doc, 'Bonuses, adjustments, expenses and deductions', y);
    y += tableHead(doc, lineCols, y, c);
    m.lines.forEach((l, i) => {
      if (y + ROW_HEIGHT > PAGE_BOTTOM) {
        y = newPage(doc, m, c, false);
        y += tableHead(doc, lineCols, y, c);
      }
      y += tableRow(doc, lineCols, l, y, i % 2 === 1);
    });
  }
  y += 6;
  if (y + TOTALS_HEIGHT > PAGE_BOTTOM) y = newPage(doc, m, c, false);
  totals(doc, m, c, y);
  // Over the content, as the invoice's: the table's stripes would hide a mark drawn first.
  if (m.draft) {
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      draftMark(doc);
    }
  }
  footers(doc, m.look, m.company.vatNumber ? `${m.company.name}  ·  VAT No ${m.company.vatNumber}` : m.company.name);
  return pdfBytes(doc);
}
