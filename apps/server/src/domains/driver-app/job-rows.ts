import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { bookingRowsWhere } from '../bookings/rows';
import { bookings } from '../bookings/schema';
import type { Ctx } from './signed-in-driver';

type DriverJobRow = z.output<typeof schemas.driverJobRow>;

/**
 * The driver's jobs as the office's booking lines plus what only the driver needs: the driver's pay
 * and the notes for the driver, read in one more query by id rather than widening every office list.
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
    .select({ id: bookings.id, driverPriceMinor: bookings.driverPriceMinor, notesForDriver: bookings.notesForDriver })
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
  return rows.map((row) => ({
    ...row,
    driverPriceMinor: byId.get(row.id)?.driverPriceMinor ?? null,
    notesForDriver: byId.get(row.id)?.notesForDriver ?? null,
  }));
}
