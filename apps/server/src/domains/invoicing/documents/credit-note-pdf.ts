import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { creditNoteLines, creditNotes } from '../schema';
import { vatTable, type VatRow } from '../totals';
import { loadInvoiceModel, type DocumentLook, type Party } from './model';
import {
  coloursOf,
  type Column,
  CONTENT_WIDTH,
  footers,
  MUTED,
  newPdf,
  PAGE,
  pageTop,
  pdfBytes,
  put,
  RULE,
  tableHead,
  tableRow,
  documentHead,
  continuedHead,
} from './pdf-kit';
import { dayText, money, plainMoney, rateText } from './words';

type Ctx = CallContext<Session>;

interface CreditLine {
  description: string;
  netMinor: number;
  vatRateBp: number;
  vatMinor: number;
  grossMinor: number;
}

export interface CreditNoteModel {
  creditNo: string | null;
  issueDate: string | null;
  invoiceNo: string | null;
  reason: string;
  currency: string;
  issuedBy: Party;
  issuedTo: Party;
  lines: CreditLine[];
  vat: { rows: VatRow[]; net: number; vat: number; gross: number };
  issuedAt: Date | null;
  look: DocumentLook;
}

export async function loadCreditNoteModel(ctx: Ctx, creditNoteId: number): Promise<CreditNoteModel> {
  const companyId = ctx.session.companyId;
  const [note] = await ctx.db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, creditNoteId)));
  if (!note) throw notFound(`Credit note ${creditNoteId}`);
  const lines = await ctx.db
    .select()
    .from(creditNoteLines)
    .where(and(eq(creditNoteLines.companyId, companyId), eq(creditNoteLines.creditNoteId, creditNoteId)))
    .orderBy(asc(creditNoteLines.id));
  const invoice = await loadInvoiceModel(ctx, note.invoiceId);
  return {
    creditNo: note.creditNo,
    issueDate: note.issueDate,
    invoiceNo: invoice.invoiceNo,
    reason: note.reason,
    currency: note.currency,
    issuedBy: invoice.issuedBy,
    issuedTo: invoice.issuedTo,
    lines,
    vat: vatTable(lines),
    issuedAt: note.issuedAt,
    look: invoice.look,
  };
}

const PER_PAGE = 25;

/** The credit note as PDF: its number, the invoice it credits, the reason, its lines and totals. */
export async function renderCreditNotePdf(m: CreditNoteModel): Promise<Buffer> {
  const doc = newPdf(`Credit note ${m.creditNo ?? ''}`, m.look, m.issuedAt);
  const c = coloursOf(m.look);
  const { locale, dateFormat } = m.look;
  const columns: Column<CreditLine>[] = [
    { title: 'Description', width: 265, cell: (l) => l.description, wrap: true },
    { title: 'Net', width: 65, align: 'right', cell: (l) => plainMoney(l.netMinor, m.currency, locale) },
    { title: 'VAT rate', width: 50, align: 'right', cell: (l) => rateText(l.vatRateBp) },
    { title: 'VAT', width: 60, align: 'right', cell: (l) => plainMoney(l.vatMinor, m.currency, locale) },
    {
      title: `Gross (${m.currency})`,
      width: CONTENT_WIDTH - 440,
      align: 'right',
      cell: (l) => plainMoney(l.grossMinor, m.currency, locale),
    },
  ];
  const pages = Math.max(1, Math.ceil(m.lines.length / PER_PAGE));
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    pageTop(doc, m.look, c);
    let y = 46;
    if (p === 0) {
      y =
        documentHead(doc, m.look, c, {
          title: 'CREDIT NOTE',
          number: m.creditNo ?? '',
          from: { caption: 'From', party: m.issuedBy },
          to: { caption: 'To', party: m.issuedTo },
          facts: [
            ['Credit note No', m.creditNo ?? '-'],
            ['Issue date', dayText(m.issueDate, dateFormat) || '-'],
            ['Invoice credited', m.invoiceNo ?? '-'],
          ],
        }) + 12;
      put(doc, `Reason: ${m.reason}`, PAGE.margin, y, { size: 9, width: CONTENT_WIDTH, height: 24 });
      y += 22;
    } else {
      continuedHead(doc, c, `Credit note ${m.creditNo ?? ''}`);
    }
    y += tableHead(doc, columns, y, c);
    m.lines.slice(p * PER_PAGE, (p + 1) * PER_PAGE).forEach((l, i) => {
      y += tableRow(doc, columns, l, y, i % 2 === 1);
    });
    if (p === pages - 1) {
      y += 6;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.width - PAGE.margin, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      const tx = PAGE.margin + 315;
      const tw = CONTENT_WIDTH - 315;
      let ty = y + 10;
      for (const [label, value] of [
        ['Net credited', money(m.vat.net, m.currency, locale)],
        ['VAT credited', money(m.vat.vat, m.currency, locale)],
      ] as const) {
        put(doc, label, tx, ty, { size: 9, width: tw / 2, height: 12 });
        put(doc, value, tx + tw / 2, ty, { size: 9, width: tw / 2 - 6, align: 'right', height: 12 });
        ty += 15;
      }
      doc.rect(tx - 6, ty - 3, tw + 6, 20).fill(c.filled);
      put(doc, 'Total credited', tx, ty + 2.5, {
        size: 10.5,
        bold: true,
        colour: c.onFilled,
        width: tw / 2 + 20,
        height: 13,
      });
      put(doc, money(m.vat.gross, m.currency, locale), tx + tw / 2, ty + 2.5, {
        size: 10.5,
        bold: true,
        colour: c.onFilled,
        width: tw / 2 - 6,
        align: 'right',
        height: 13,
      });
      let vy = y + 10;
      put(doc, 'VAT SUMMARY', PAGE.margin, vy, { size: 7, bold: true, colour: MUTED });
      vy += 12;
      for (const r of m.vat.rows) {
        put(
          doc,
          `${rateText(r.vatRateBp)}: net ${plainMoney(r.netMinor, m.currency, locale)}, VAT ${plainMoney(r.vatMinor, m.currency, locale)}`,
          PAGE.margin,
          vy,
          {
            size: 8,
            width: 280,
            height: 10,
          },
        );
        vy += 12;
      }
    }
  }
  footers(doc, m.look, m.issuedBy.name);
  return pdfBytes(doc);
}
