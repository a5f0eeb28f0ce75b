import PDFDocument from 'pdfkit';
import { companyPalette } from '@cabdesk/contract/colour';
import { BODY_FONT, BOLD_FONT, fontFiles } from './fonts';
import type { DocumentLook, Party } from './model';
import { pdfText } from './words';

/** A4 in points, and the page's margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const INK = '#212529';
export const MUTED = '#5c636a';
export const RULE = '#d0d5da';
export const STRIPE = '#f3f5f7';

export type Pdf = PDFKit.PDFDocument;

export interface Colours {
  filled: string;
  onFilled: string;
  /** The company colour where it is text on white (4.5:1 or more). */
  text: string;
  tint: string;
}

export const coloursOf = (look: DocumentLook): Colours => {
  const p = companyPalette(look.primaryColor);
  return { filled: p.filled, onFilled: p.onFilled, text: p.lightText, tint: p.shades[0] };
};

/** A new PDF in memory in the documents' typeface (fonts.ts: shipped in a package, embedded as a subset). */
export function newPdf(title: string, look: DocumentLook, created: Date | null): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    info: {
      Title: title,
      Author: look.name,
      Creator: 'Cabdesk',
      Producer: 'Cabdesk',
      ...(created ? { CreationDate: created, ModDate: created } : {}),
    },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont(BODY_FONT, regular);
  doc.registerFont(BOLD_FONT, bold);
  return doc.font(BODY_FONT);
}

/** The bytes of a finished PDF. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Text at a place, never breaking onto the next page. */
export function put(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  opts: {
    width?: number;
    align?: 'left' | 'right' | 'center';
    size?: number;
    bold?: boolean;
    colour?: string;
    height?: number;
    lineGap?: number;
  } = {},
): void {
  doc
    .font(opts.bold ? BOLD_FONT : BODY_FONT)
    .fontSize(opts.size ?? 9)
    .fillColor(opts.colour ?? INK)
    .text(pdfText(text), x, y, {
      width: opts.width,
      align: opts.align ?? 'left',
      lineBreak: opts.width !== undefined,
      ellipsis: opts.width !== undefined ? true : undefined,
      height: opts.height,
      lineGap: opts.lineGap ?? 0,
    });
}

/** The band at the top of every page in the company's colour, with its logo or name on page 1. */
export function pageTop(doc: Pdf, look: DocumentLook, c: Colours): void {
  doc.rect(0, 0, PAGE.width, 8).fill(c.filled);
}

/** The company's logo (fitted in a box) or its name in its colour; answers the height used. */
export function brand(doc: Pdf, look: DocumentLook, c: Colours, x: number, y: number): number {
  if (look.logo) {
    try {
      doc.image(look.logo, x, y, { fit: [170, 56] });
      return 56;
    } catch {
      // A picture pdfkit cannot read (an odd PNG) falls back to the name.
    }
  }
  put(doc, look.name, x, y + 6, { size: 20, bold: true, colour: c.text, width: 260, height: 48 });
  return 48;
}

/** A party's block: a small caption, the name in bold, the address lines and the VAT number. */
export function partyBlock(doc: Pdf, caption: string, party: Party, x: number, y: number, width: number): number {
  put(doc, caption.toUpperCase(), x, y, { size: 7, bold: true, colour: MUTED });
  let at = y + 11;
  put(doc, party.name, x, at, { size: 10, bold: true, width, height: 13 });
  at += 14;
  for (const line of (party.address ?? '')
    .split(/\n|,\s*(?=\S)/)
    .filter(Boolean)
    .slice(0, 5)) {
    put(doc, line, x, at, { size: 8.5, width, height: 11 });
    at += 11;
  }
  if (party.vatNumber) {
    put(doc, `VAT No: ${party.vatNumber}`, x, at + 2, { size: 8.5, width, height: 11 });
    at += 13;
  }
  return at - y;
}

/** Label and value pairs in two aligned columns (the document's number and dates). */
export function factsBlock(doc: Pdf, facts: [string, string][], x: number, y: number, width: number): number {
  let at = y;
  for (const [label, value] of facts) {
    put(doc, label, x, at, { size: 8.5, colour: MUTED, width: width * 0.38, height: 11 });
    put(doc, value, x + width * 0.38, at, { size: 8.5, bold: true, width: width * 0.62, align: 'right', height: 11 });
    at += 13;
  }
  return at - y;
}

/** What the first page of a document says at its top: who issues it, to whom, and its facts. */
export interface DocumentHead {
  title: string;
  /** The title's size and the width of its box; an invoice's by default. */
  titleSize?: number;
  titleWidth?: number;
  /** The number under the title; muted when it stands for a number not given yet. */
  number: string;
  numberMuted?: boolean;
  from: { caption: string; party: Party };
  to: { caption: string; party: Party };
  facts: [string, string][];
}

/**
 * The first page's head every document shares: the brand, the title and number on the right, the two
 * parties and the tinted box of facts. Answers where the head ends.
 */
export function documentHead(doc: Pdf, look: DocumentLook, c: Colours, h: DocumentHead): number {
  const size = h.titleSize ?? 22;
  const width = h.titleWidth ?? 260;
  const right = PAGE.width - PAGE.margin - width;
  brand(doc, look, c, PAGE.margin, 28);
  put(doc, h.title, right, 30, { size, bold: true, colour: c.text, width, align: 'right', height: size + 6 });
  put(doc, h.number, right, 58, {
    size: 11,
    bold: true,
    width,
    align: 'right',
    height: 14,
    colour: h.numberMuted ? MUTED : undefined,
  });
  const top = 100;
  const from = partyBlock(doc, h.from.caption, h.from.party, PAGE.margin, top, 150);
  const to = partyBlock(doc, h.to.caption, h.to.party, PAGE.margin + 165, top, 150);
  const x = PAGE.margin + 330;
  doc.rect(x - 8, top - 6, CONTENT_WIDTH - 330 + 8, h.facts.length * 13 + 10).fill(c.tint);
  const facts = factsBlock(doc, h.facts, x, top, CONTENT_WIDTH - 334);
  return top + Math.max(from, to, facts);
}

/** The head of a later page: the document's name "(continued)" and, on the right, whom it concerns. */
export function continuedHead(doc: Pdf, c: Colours, title: string, concerns?: string): number {
  put(doc, `${title} (continued)`, PAGE.margin, 24, { size: 10, bold: true, colour: c.text, width: 300, height: 13 });
  if (concerns)
    put(doc, concerns, PAGE.width - PAGE.margin - 220, 24, { size: 9, width: 220, align: 'right', height: 12 });
  return 46;
}

/** The footer of every page: the company's contact line and "Page n of N". */
export function footers(doc: Pdf, look: DocumentLook, lead: string): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = PAGE.height - 30;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    // Writing below the bottom margin would start a page: the margin is lifted for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    put(doc, [lead, look.contact].filter(Boolean).join('  ·  '), PAGE.margin, y, {
      size: 7.5,
      colour: MUTED,
      width: CONTENT_WIDTH - 80,
      height: 10,
    });
    put(doc, `Page ${i + 1} of ${range.count}`, PAGE.width - PAGE.margin - 80, y, {
      size: 7.5,
      colour: MUTED,
      width: 80,
      align: 'right',
      height: 10,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** "DRAFT" across the page, light, behind nothing important. */
export function draftMark(doc: Pdf): void {
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc
    .font(BOLD_FONT)
    .fontSize(120)
    .fillColor('#c92a2a')
    .fillOpacity(0.12)
    .text('DRAFT', 0, PAGE.height / 2 - 60, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

export interface Column<T> {
  title: string;
  width: number;
  align?: 'left' | 'right';
  cell: (row: T) => string;
  /** Long text may take two smaller lines, then ends in "…". */
  wrap?: boolean;
}

export const ROW_HEIGHT = 18;

/** The table's header row in the company's colour. */
export function tableHead<T>(doc: Pdf, columns: Column<T>[], y: number, c: Colours): number {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 18).fill(c.filled);
  let x = PAGE.margin;
  for (const col of columns) {
    put(doc, col.title, x + 4, y + 5.5, {
      size: 7.5,
      bold: true,
      colour: c.onFilled,
      width: col.width - 8,
      align: col.align,
      height: 10,
    });
    x += col.width;
  }
  return 18;
}

/** Fits text to the width at the current font, ending in "…" when cut. */
function fit(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  // The longest start that fits with the "…", found by halving.
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** Text in two lines of the width, broken at a space where it can be; the second ends in "…" when cut. */
function twoLines(doc: Pdf, text: string, width: number): [string, string] {
  const words = text.split(/\s+/);
  let first = '';
  let i = 0;
  for (; i < words.length; i++) {
    const next = first ? `${first} ${words[i]}` : words[i]!;
    if (doc.widthOfString(next) > width) break;
    first = next;
  }
  if (!first) return [fit(doc, text, width), ''];
  return [first, fit(doc, words.slice(i).join(' '), width)];
}

/** One row of the table (striped every other row). */
export function tableRow<T>(doc: Pdf, columns: Column<T>[], row: T, y: number, striped: boolean): number {
  if (striped) doc.rect(PAGE.margin, y, CONTENT_WIDTH, ROW_HEIGHT).fill(STRIPE);
  let x = PAGE.margin;
  for (const col of columns) {
    const text = pdfText(col.cell(row));
    const w = col.width - 8;
    doc.font(BODY_FONT).fontSize(8);
    if (col.wrap && doc.widthOfString(text) > w) {
      doc.fontSize(7);
      const [first, second] = twoLines(doc, text, w);
      put(doc, first, x + 4, y + 2.5, { size: 7, align: col.align });
      put(doc, second, x + 4, y + 10, { size: 7, align: col.align });
    } else {
      put(doc, text, x + 4, y + 5.5, { size: 8, width: w, height: 10, align: col.align });
    }
    x += col.width;
  }
  return ROW_HEIGHT;
}
