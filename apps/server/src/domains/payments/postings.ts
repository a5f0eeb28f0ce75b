import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { postEntry, type AccountRef, type PostedEntry } from '../ledger/post';

type Ctx = CallContext<Session>;

/*
 * Where each payment step lands in the company's journal (docs/ledger.md#postings). A booking's payer
 * is its client on account, else its passenger: their receivable is what the fare earned adds to and
 * what payments take from. A payment before the fare is earned leaves the receivable in credit (paid
 * in advance) until completion.
 */

/** The party a booking's money is owed by. */
export interface Payer {
  clientId: number | null;
  passengerId: number | null;
}

export function receivableOf(payer: Payer): AccountRef | null {
  if (payer.clientId) return { kind: 'clientReceivable', ownerId: payer.clientId };
  if (payer.passengerId) return { kind: 'passengerReceivable', ownerId: payer.passengerId };
  return null;
}

interface BookingMoney {
  bookingId: number;
  bookingNumber: string;
  payer: Payer;
  amount: number;
  key: string;
}

/**
 * A done job's fare: owed by its payer, earned as revenue and VAT owed. A client's account job is not
 * owed until it is invoiced: its fare waits on the client's unbilled account, and the invoice's
 * approval moves it to the receivable (docs/ledger.md#invoicing).
 */
export function postFareEarned(
  ctx: Ctx,
  m: BookingMoney & { vat: number; onAccount?: boolean },
): Promise<PostedEntry> | null {
  const receivable =
    m.onAccount && m.payer.clientId
      ? { kind: 'clientUnbilled' as const, ownerId: m.payer.clientId }
      : receivableOf(m.payer);
  if (!receivable || m.amount <= 0) return null;
  const vat = Math.max(0, Math.min(m.vat, m.amount));
  return postEntry(ctx, {
    kind: 'fareEarned',
    description: `Fare of booking ${m.bookingNumber}`,
    bookingId: m.bookingId,
    idempotencyKey: m.key,
    lines: [
      { account: receivable, amount: m.amount },
      ...(m.amount - vat > 0 ? [{ account: { kind: 'revenue' as const }, amount: -(m.amount - vat) }] : []),
      ...(vat > 0 ? [{ account: { kind: 'vatPayable' as const }, amount: -vat }] : []),
    ],
  });
}

/** Money taken from a card (captured or charged): at the provider until paid out, no longer owed. */
export function postCardPayment(ctx: Ctx, m: BookingMoney): Promise<PostedEntry> {
  return postEntry(ctx, {
    kind: 'cardPayment',
    description: `Card payment for booking ${m.bookingNumber}`,
    bookingId: m.bookingId,
    idempotencyKey: m.key,
    lines: [
      { account: { kind: 'cardClearing' }, amount: m.amount },
      { account: payerAccount(m.payer), amount: -m.amount },
    ],
  });
}

/** Money given back to a card: owed to the payer's account again (or taken off what they paid in advance). */
export function postCardRefund(ctx: Ctx, m: BookingMoney & { reason: string }): Promise<PostedEntry> {
  return postEntry(ctx, {
    kind: 'refund',
    description: `Refund for booking ${m.bookingNumber}: ${m.reason}`,
    bookingId: m.bookingId,
    idempotencyKey: m.key,
    lines: [
      { account: payerAccount(m.payer), amount: m.amount },
      { account: { kind: 'cardClearing' }, amount: -m.amount },
    ],
  });
}

/** Cash a driver took from the passenger: the driver holds it for the office. */
export function postCashCollected(ctx: Ctx, m: BookingMoney & { driverId: number }): Promise<PostedEntry> {
  return postEntry(ctx, {
    kind: 'cashCollection',
    description: `Cash collected for booking ${m.bookingNumber}`,
    bookingId: m.bookingId,
    idempotencyKey: m.key,
    lines: [
      { account: { kind: 'driverCash', ownerId: m.driverId }, amount: m.amount },
      { account: payerAccount(m.payer), amount: -m.amount },
    ],
  });
}

/** A payment the office recorded by hand (cash at the desk, bank transfer, cheque). */
export function postManualPayment(
  ctx: Ctx,
  m: Omit<BookingMoney, 'bookingId' | 'bookingNumber' | 'key'> & {
    bookingId: number | null;
    description: string;
    key?: string | null;
    postedAt?: Date | null;
  },
): Promise<PostedEntry> {
  return postEntry(ctx, {
    kind: 'manualPayment',
    description: m.description,
    bookingId: m.bookingId,
    idempotencyKey: m.key ?? null,
    postedAt: m.postedAt ?? null,
    lines: [
      { account: { kind: 'bank' }, amount: m.amount },
      { account: payerAccount(m.payer), amount: -m.amount },
    ],
  });
}

function payerAccount(payer: Payer): AccountRef {
  const account = receivableOf(payer);
  // Callers refuse a booking without a payer before any money moves (requirePayer).
  if (!account) throw new Error('A payment needs a client or a passenger to be paid by.');
  return account;
}
