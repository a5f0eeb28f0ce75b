import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed event may be when it arrives: older ones are refused as replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signature header of an event body, as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export function signEvent(secret: string, rawBody: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/**
 * Whether a webhook body was signed with the secret, recently: the raw body exactly as it arrived
 * (a parsed and re-written body would not match), compared in constant time.
 */
export function verifyEvent(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now = Math.floor(Date.now() / 1000),
): { ok: true } | { ok: false; reason: string } {
  if (!header) return { ok: false, reason: 'the signature header is missing' };
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const at = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(at)) return { ok: false, reason: 'the signature has no time' };
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'the signature is too old' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex'));
  const matches = (parts.get('v1') ?? []).some((given) => {
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'the signature does not match' };
}
