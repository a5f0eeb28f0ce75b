import { and, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { referenceDefinitions } from './checks';
import { bookings } from './schema';

type Ctx = CallContext<Session>;

async function bookingFacts(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ id: bookings.id, clientId: bookings.clientId, clientReferences: bookings.clientReferences })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)));
  if (!row) throw notFound(`Booking ${id}`);
  return row;
}

/** Booking/checkBookingToken. */
export async function checkBookingToken(ctx: Ctx, token: string) {
  const [row] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.bookingToken, token)))
    .limit(1);
  return { bookingToken: token, isUsed: Boolean(row), bookingId: row?.id ?? null };
}

/**
 * Driver expenses are not stored yet (no table exists until the driver-expenses work), so a booking
 * has none: the list is empty and nothing waits for approval.
 */
export async function expenseApproval(ctx: Ctx, id: number) {
  await bookingFacts(ctx, id);
  return { bookingId: id, expenseCount: 0, pendingCount: 0, approvedCount: 0, declinedCount: 0, isApproved: true };
}

export async function bookingExpenses(ctx: Ctx, input: { id: number }) {
  await bookingFacts(ctx, input.id);
  return { data: [], allData: [], total: 0, count: 0 };
}

/** Booking/GetBookingClientReferencesDetails: the references the booking carries. */
export async function bookingReferences(ctx: Ctx, id: number) {
  const booking = await bookingFacts(ctx, id);
  const stored = booking.clientReferences ?? [];
  const defs = booking.clientId ? await referenceDefinitions(ctx, booking.clientId) : [];
  return stored.map((s) => {
    const def = defs.find((d) => d.referenceId === s.referenceId);
    return {
      referenceId: s.referenceId,
      label: s.label,
      referenceTypeId: def?.referenceTypeId ?? null,
      referenceTypeName: def?.referenceTypeName ?? null,
      isMandatory: def?.isMandatory ?? false,
      value: s.value,
    };
  });
}

/** Booking/GetBookingClientReferencesDetailsToUpdate: the client's definitions with the booking's values. */
export async function referencesToUpdate(ctx: Ctx, input: { id: number; clientId: number | null }) {
  const booking = input.id ? await bookingFacts(ctx, input.id) : null;
  const clientId = input.clientId ?? booking?.clientId ?? null;
  if (!clientId) {
    if (!booking) throw fieldError('clientId', 'is required when id is 0');
    return [];
  }
  const defs = await referenceDefinitions(ctx, clientId);
  const stored = booking?.clientReferences ?? [];
  return defs.map((d) => ({
    referenceId: d.referenceId,
    label: d.label,
    referenceTypeId: d.referenceTypeId,
    referenceTypeName: d.referenceTypeName,
    isMandatory: d.isMandatory,
    value: stored.find((s) => s.referenceId === d.referenceId)?.value ?? null,
  }));
}
