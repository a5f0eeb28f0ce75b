import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { BookingStatus, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { bookingRowsWhere } from '../bookings/rows';
import { companyFacts } from '../bookings/company';
import { bookings } from '../bookings/schema';
import { driverJobPays } from './job-pay';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type DriverJobRow = z.output<typeof schemas.driverJobRow>;

/** Jobs that pay nothing: no figure is shown for them. */
const unpaid: readonly BookingStatus[] = ['quote', 'cancelled', 'rejected'];

/**
 * The driver's jobs as the office's booking lines plus what only the driver needs: the driver's pay
 * and the notes for the driver, read by id rather than widening every office list. The pay is driver
 * pay's own figure (docs/driver-app-lists.md#earnings), not the booking's hand-set driver price, which
 * no statement reads: a job's figure is the one its earnings and its statement count.
 */
export async function driverJobRowsWhere(
  ctx: Ctx,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<DriverJobRow[]> {
  const rows = await bookingRowsWhere(ctx.db, where, order, limit, offset);
  if (rows.length === 0) return [];
  const extra = await ctx.db
    .select({ id: bookings.id, notesForDriver: bookings.notesForDriver })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byId = new Map(extra.map((e) => [e.id, e]));
  const paid = rows.filter((r) => !unpaid.includes(r.status)).map((r) => r.id);
  const pays = await driverJobPays(ctx, signedInDriverId(ctx), paid, await companyFacts(ctx));
  return rows.map((row) => ({
    ...row,
    driverPriceMinor: pays.get(row.id)?.payMinor ?? null,
    driverPayEstimated: pays.get(row.id)?.estimated ?? false,
    notesForDriver: byId.get(row.id)?.notesForDriver ?? null,
  }));
}
