/**
 * A document's expiry state: expired (before today), expiring (within EXPIRING_DAYS), valid, or
 * no_expiry (its type has none, or no date was given). Dates are read in the company's time zone.
 */
export const expiryStates = ['valid', 'expiring', 'expired', 'no_expiry'] as const;
export type ExpiryState = (typeof expiryStates)[number];
export const EXPIRING_DAYS = 30;
