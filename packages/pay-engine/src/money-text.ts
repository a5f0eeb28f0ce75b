import { minorDigits } from '@cabdesk/money';

const texts = new Map<string, (minor: number) => string>();

/**
 * Minor units as a decimal for the words of a breakdown ("12.50"), digit by digit (no float). The
 * currency gives the digits; without one, two.
 */
export function moneyText(currency?: string): (minor: number) => string {
  const key = currency ?? '';
  let text = texts.get(key);
  if (!text) {
    const digits = currency ? minorDigits(currency) : 2;
    text =
      digits === 0
        ? (minor) => String(minor)
        : (minor) => {
            const body = String(Math.abs(minor)).padStart(digits + 1, '0');
            return `${minor < 0 ? '-' : ''}${body.slice(0, -digits)}.${body.slice(-digits)}`;
          };
    texts.set(key, text);
  }
  return text;
}

/** A distance in metres as km for people ("12.4"). */
export const kmText = (metres: number) => String(metres / 1000);
