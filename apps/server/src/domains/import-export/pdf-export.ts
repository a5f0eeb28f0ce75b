import { companyFacts } from '../company/facts';
import { documentLook } from '../invoicing/documents/model';
import { brand, coloursOf, MUTED, newPdf, pdfBytes, put, RULE, STRIPE } from '../invoicing/documents/pdf-kit';
import { plainMoney } from '../invoicing/documents/words';
import { collectList, type CollectedList, type Ctx, exportFileName, plainValue } from './collect';

/** A PDF is read by people: past a few thousand rows the XLSX is the better file. */
export const MAX_PDF_ROWS = 2000;

/** A4 across, in points: a report's many columns need the width. */
const SHEET = { width: 841.89, height: 595.28, margin: 32 } as const;
const ROW = 13;
const FOOT = 18;

type Cell = { text: string; right: boolean };

function cellsOf(list: CollectedList, row: Record<string, unknown>, currency: string, locale: string): Cell[] {
  return list.columns.map(({ key, money }) => {
    const value = row[key];
    if (money && typeof value === 'number') return { text: plainMoney(value, currency, locale), right: true };
    const plain = plainValue(value);
    return { text: plain === null ? '' : String(plain), right: typeof plain === 'number' };
  });
}

/** Column widths: numbers narrow, text wider, every column readable on the page's width. */
function widthsOf(list: CollectedList, sample: Cell[][]): number[] {
  const usable = SHEET.width - 2 * SHEET.margin;
  const shares = list.columns.map((_, i) =>
    sample.some((cells) => cells[i] && !cells[i].right && cells[i].text) ? 2 : 1,
  );
  const total = shares.reduce((a, b) => a + b, 0) || 1;
  return shares.map((s) => (usable * s) / total);
}

/**
 * A list call's rows as a printable PDF table: the company's logo or name, the report's title and
 * filter on the first page, the column heads on every page, money in the company's currency, and
 * "page n of m" at the foot.
 */
export async function exportListPdf(ctx: Ctx, name: string, input: Record<string, unknown>, title?: string) {
  const [list, look, { currency }] = await Promise.all([
    collectList(ctx, name, input, MAX_PDF_ROWS),
    documentLook(ctx),
    companyFacts(ctx),
  ]);
  const heading = title?.trim() || name.replace('/', ' · ');
  const rows = list.rows.map((row) => cellsOf(list, row, currency, look.locale));
  const widths = widthsOf(list, rows.slice(0, 200));
  const colours = coloursOf(look);
  const doc = newPdf(heading, look, new Date());
  const left = SHEET.margin;
  const bottom = SHEET.height - SHEET.margin - FOOT;
  let y = 0;

  const drawRow = (cells: Cell[], bold: boolean) => {
    let x = left;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      put(doc, cell.text, x + 2, y + 2, {
        width: w - 4,
        align: cell.right ? 'right' : 'left',
        size: 7.5,
        bold,
        height: ROW - 2,
      });
      x += w;
    });
    y += ROW;
  };
  const heads = () => {
    doc.rect(left, y, SHEET.width - 2 * SHEET.margin, ROW).fill(colours.tint);
    drawRow(
      list.columns.map((c, i) => ({ text: c.title, right: rows.some((r) => r[i]?.right) })),
      true,
    );
    doc
      .moveTo(left, y)
      .lineTo(SHEET.width - left, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  };
  const page = (first: boolean) => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: SHEET.margin });
    doc.rect(0, 0, SHEET.width, 6).fill(colours.filled);
    y = SHEET.margin;
    if (first) {
      const used = brand(doc, look, colours, left, y);
      put(doc, heading, left + 200, y + 4, { size: 16, bold: true, width: SHEET.width - 2 * left - 200, height: 22 });
      const filters = Object.entries(input)
        .filter(([k, v]) => v !== null && v !== undefined && v !== '' && !['page', 'perPage'].includes(k))
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('   ');
      put(doc, filters || '—', left + 200, y + 28, {
        size: 8.5,
        colour: MUTED,
        width: SHEET.width - 2 * left - 200,
        height: 24,
      });
      y += Math.max(used, 52) + 12;
    }
    heads();
  };

  page(true);
  if (!rows.length) put(doc, 'Nothing matches this filter.', left, y + 6, { size: 9, colour: MUTED, width: 400 });
  rows.forEach((cells, i) => {
    if (y + ROW > bottom) page(false);
    if (i % 2 === 1) doc.rect(left, y, SHEET.width - 2 * SHEET.margin, ROW).fill(STRIPE);
    drawRow(cells, false);
  });
  const range = doc.bufferedPageRange();
  const shown = list.rows.length === MAX_PDF_ROWS ? ` · the first ${MAX_PDF_ROWS} rows (the XLSX holds them all)` : '';
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    // The foot is written inside the margin: without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    put(doc, `${look.name} · ${heading}${shown}`, left, SHEET.height - SHEET.margin, {
      size: 7,
      colour: MUTED,
      width: 500,
      height: 10,
    });
    put(doc, `Page ${p + 1} of ${range.count}`, SHEET.width - left - 120, SHEET.height - SHEET.margin, {
      size: 7,
      colour: MUTED,
      width: 120,
      align: 'right',
      height: 10,
    });
  }
  const bytes = await pdfBytes(doc);
  return {
    fileName: exportFileName(name, 'pdf'),
    mimeType: 'application/pdf',
    content: bytes.toString('base64'),
    rows: list.rows.length,
  };
}
