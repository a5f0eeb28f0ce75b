import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { users } from '../auth/schema';
import type { bookings } from '../bookings/schema';
import { drivers, vendors } from '../drivers/schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
export type Holder = z.output<typeof schemas.bookingHolder>;

/** Who holds a booking (driver, subcontractor) and which dispatcher gave it to them. */
export async function holderOf(ctx: Ctx, booking: Booking): Promise<Holder> {
  const companyId = ctx.session.companyId;
  const [driver] = booking.driverId
    ? await ctx.db
        .select({
          name: sql<string>`trim(concat_ws(' ', ${drivers.firstName}, ${drivers.lastName}))`,
          callsign: drivers.callsign,
        })
        .from(drivers)
        .where(and(eq(drivers.companyId, companyId), eq(drivers.id, booking.driverId)))
    : [];
  const [vendor] = booking.vendorId
    ? await ctx.db
        .select({ name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.companyId, companyId), eq(vendors.id, booking.vendorId)))
    : [];
  const [user] = booking.allocatedBy
    ? await ctx.db
        .select({ name: users.fullName })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, booking.allocatedBy)))
    : [];
  return {
    driverId: booking.driverId,
    driverName: driver?.name ?? null,
    callsign: driver?.callsign ?? null,
    vendorId: booking.vendorId,
    vendorName: vendor?.name ?? null,
    allocatedBy: booking.allocatedBy,
    allocatedByName: user?.name ?? null,
  };
}

/** "driver Ann Lee (A12), allocated by Sam Dispatcher" — the words of a 409. */
export function describeHolder(h: Holder): string {
  const who = h.driverName
    ? `driver ${h.driverName}${h.callsign ? ` (${h.callsign})` : ''}${h.vendorName ? ` of ${h.vendorName}` : ''}`
    : h.vendorName
      ? `subcontractor ${h.vendorName}`
      : 'nobody';
  return h.allocatedByName ? `${who}, allocated by ${h.allocatedByName}` : who;
}
