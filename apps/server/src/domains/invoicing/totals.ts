import { vatFromGross, vatFromNet, type RoundingMode } from '@cabdesk/money';

/** A priced line before it is stored: net, VAT and gross from a price and a rate. */
export interface LineMoney {
  netMinor: number;
  vatRateBp: number;
  vatMinor: number;
  grossMinor: number;
}

const percentOfBp = (bp: number) => [bp, 100] as const;

/**
 * A line's money from its price: a gross price (what the job was priced at, VAT included) is split
 * into net and VAT; a net price has VAT added. All rounding through the money package (one mode).
 */
export function lineMoney(
  priceMinor: number,
  vatRateBp: number,
  priceIncludesVat: boolean,
  mode: RoundingMode = 'half-up',
): LineMoney {
  const split = priceIncludesVat
    ? vatFromGross(priceMinor, percentOfBp(vatRateBp), mode)
    : vatFromNet(priceMinor, percentOfBp(vatRateBp), mode);
  return { netMinor: split.net, vatRateBp, vatMinor: split.vat, grossMinor: split.gross };
}

export interface VatRow {
  vatRateBp: number;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

/** The VAT table of a document: one row per rate, sums of its lines; and the document's totals. */
export function vatTable(lines: readonly LineMoney[]): { rows: VatRow[]; net: number; vat: number; gross: number } {
  const byRate = new Map<number, VatRow>();
  for (const l of lines) {
    const row = byRate.get(l.vatRateBp) ?? { vatRateBp: l.vatRateBp, netMinor: 0, vatMinor: 0, grossMinor: 0 };
    row.netMinor += l.netMinor;
    row.vatMinor += l.vatMinor;
    row.grossMinor += l.grossMinor;
    byRate.set(l.vatRateBp, row);
  }
  const rows = [...byRate.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
  return {
    rows,
    net: rows.reduce((s, r) => s + r.netMinor, 0),
    vat: rows.reduce((s, r) => s + r.vatMinor, 0),
    gross: rows.reduce((s, r) => s + r.grossMinor, 0),
  };
}
