import { format as formatMoney, minorDigits as digitsOf } from '@cabdesk/money';
import { fontHas } from './fonts';

const digitsByCurrency = new Map<string, number>();

/** The currency's decimals, asked of Intl once per currency (a document asks for every cell). */
export function minorDigits(currency: string): number {
  let d = digitsByCurrency.get(currency);
  if (d === undefined) {
    d = digitsOf(currency);
    digitsByCurrency.set(currency, d);
  }
  return d;
}

/** A calendar day (YYYY-MM-DD) in the company's date format (d-m-Y, d/m/Y, d.m.Y, m/d/Y, Y-m-d). */
export function dayText(day: string | null, dateFormat: string): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-');
  switch (dateFormat) {
    case 'd/m/Y':
      return `${d}/${m}/${y}`;
    case 'd.m.Y':
      return `${d}.${m}.${y}`;
    case 'm/d/Y':
      return `${m}/${d}/${y}`;
    case 'Y-m-d':
      return `${y}-${m}-${d}`;
    default:
      return `${d}-${m}-${y}`;
  }
}

/** The decimal text of minor units ("1234" GBP → "12.34"), digit by digit: no float ever rounds it. */
export function decimalText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const body = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return `${minor < 0 ? '-' : ''}${body}`;
}

/** The amount as a spreadsheet number: the double nearest the exact decimal (what typing it would give). */
export const decimalNumber = (minor: number, currency: string) => Number(decimalText(minor, currency));

/** The amount with its currency for people ("£12.50", "12,50 €"). */
export const money = (minor: number, currency: string, locale: string) => formatMoney({ minor, currency }, locale);

const plainFormats = new Map<string, Intl.NumberFormat>();

/** The amount without its currency sign, in the locale's digits ("1,234.50"). */
export function plainMoney(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const key = `${locale}|${digits}`;
  let f = plainFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    plainFormats.set(key, f);
  }
  return f.format(decimalText(minor, currency) as `${number}`);
}

/** A VAT rate in basis points as people read it: 2000 → "20%", 550 → "5.5%". */
export const rateText = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

const lookAlikes: Record<string, string> = {
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
};

/**
 * Text the documents' typeface can show (fonts.ts, DejaVu Sans: Latin, Greek, Cyrillic and more): a
 * character it lacks loses its accent when the bare letter is there, else becomes its plain
 * look-alike or "?"; control characters become spaces.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (fontHas(code)) out += ch;
    else if (lookAlikes[ch]) out += lookAlikes[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare && bare !== ch && [...bare].every((c) => fontHas(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}
