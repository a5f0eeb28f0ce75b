/** Who a saved card or a provider customer belongs to. */
export const cardOwnerKinds = ['passenger', 'client', 'driver'] as const;
export type CardOwnerKind = (typeof cardOwnerKinds)[number];

/**
 * A card payment as the product last heard of it from the provider: the provider's intent states, and
 * `failed` for a declined attempt (the booking stays unpaid).
 */
export const cardPaymentStatuses = [
  'requires_payment_method',
  'requires_action',
  'requires_capture',
  'succeeded',
  'canceled',
  'failed',
] as const;
export type CardPaymentStatus = (typeof cardPaymentStatuses)[number];

/** The steps money takes, each one line of a booking's or an account's payment history. */
export const paymentTransactionKinds = [
  'authorisation',
  'capture',
  'charge',
  'release',
  'refund',
  'cashCollection',
  'manualPayment',
  'declined',
  'authenticationRequired',
] as const;
export type PaymentTransactionKind = (typeof paymentTransactionKinds)[number];

export const paymentTransactionKindLabels: Record<PaymentTransactionKind, string> = {
  authorisation: 'Authorised',
  capture: 'Captured',
  charge: 'Charged',
  release: 'Released',
  refund: 'Refunded',
  cashCollection: 'Cash collected',
  manualPayment: 'Payment recorded',
  declined: 'Declined',
  authenticationRequired: 'Authentication asked',
};
