/**
 * What the offline card form checks and makes in the browser: the number never leaves it, only the
 * offline provider's one-time token `tok_offline_<number>_<mm>_<yyyy>` (docs/payments.md).
 */

export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const digitsOf = (typed: string) => typed.replace(/[\s-]/g, '');

/** The Luhn check every card number passes; a typing slip fails it. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** "MM/YY" (or "MM/YYYY") as a month and a four-digit year; null when it is not a date. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card runs to the end of its expiry month (as the server counts it). */
export function hasExpired(month: number, year: number, now = new Date()): boolean {
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Puts a space after every four digits while typing, as the number is printed on the card. */
export const groupDigits = (typed: string) =>
  digitsOf(typed)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export type CardProblem = 'numberMissing' | 'numberLuhn' | 'numberOffline' | 'expiryFormat' | 'expired' | 'cvc';

export interface OfflineEntry {
  number: string;
  expiry: string;
  cvc: string;
}

/** Each field's problem, or the token and what may be shown of the card. */
export function offlineToken(
  entry: OfflineEntry,
  now = new Date(),
):
  | { ok: true; token: string; card: CardFacts }
  | { ok: false; problems: Partial<Record<keyof OfflineEntry, CardProblem>> } {
  const problems: Partial<Record<keyof OfflineEntry, CardProblem>> = {};
  const digits = digitsOf(entry.number);
  if (!digits) problems.number = 'numberMissing';
  else if (!passesLuhn(digits)) problems.number = 'numberLuhn';
  // The offline provider's cards are 16 digits long (its token says so).
  else if (digits.length !== 16) problems.number = 'numberOffline';
  const expiry = parseExpiry(entry.expiry);
  if (!expiry) problems.expiry = 'expiryFormat';
  else if (hasExpired(expiry.month, expiry.year, now)) problems.expiry = 'expired';
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) problems.cvc = 'cvc';
  if (Object.keys(problems).length || !expiry) return { ok: false, problems };
  const mm = String(expiry.month).padStart(2, '0');
  return {
    ok: true,
    token: `tok_offline_${digits}_${mm}_${expiry.year}`,
    card: { brand: brandOf(digits), last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}

/** The offline provider's test cards (docs/payments.md), shown as a hint beside its form. */
export const offlineTestCards = [
  { number: '4242 4242 4242 4242', outcome: 'ok' },
  { number: '5555 5555 5555 4444', outcome: 'ok' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0025 0000 3155', outcome: 'authenticate' },
] as const;
