/**
 * An idempotency key for one press of a button. `crypto.randomUUID` exists only on secure pages; an
 * operator's web view may load the app over plain HTTP on a local network, so the key is built from
 * `getRandomValues`, which every browser has.
 */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
