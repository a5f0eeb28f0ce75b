/**
 * An amount typed in major units ("12.50", "12,5", "12") to integer minor units (1250), read from
 * the text itself so no float rounding can creep in. Anything else (signs, letters, three decimals)
 * is null.
 */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units back to what a person types (1250 → "12.50"). */
export function amountText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The largest amount the server takes for one expense or adjustment. */
export const MAX_AMOUNT_MINOR = 100_000_000;

export type AmountProblem = 'required' | 'format' | 'zero' | 'tooLarge';

/** Why an amount cannot be sent, or null when it can. */
export function amountProblem(text: string): AmountProblem | null {
  if (!text.trim()) return 'required';
  const minor = parseAmount(text);
  if (minor === null) return 'format';
  if (minor <= 0) return 'zero';
  if (minor > MAX_AMOUNT_MINOR) return 'tooLarge';
  return null;
}
