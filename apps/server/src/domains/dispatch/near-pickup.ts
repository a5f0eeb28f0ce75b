import { dispatchTabs, type schemas } from '@cabdesk/contract';
import { and, asc, count, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { runEffects, startRounds } from '../../platform/jobs/rounds';
import type { Services } from '../../platform/services';
import { bookings, bookingStops } from '../bookings/schema';
import { companies } from '../company/schema';
import { InstallationCache } from '../../platform/installation-cache';
import { drivers } from '../drivers/schema';
import { systemContext } from './offer-expiry';
import { driverShifts, nearPickupAnnouncements } from './schema';
import { suggestDrivers } from './suggestions';

type Ctx = CallContext<Session>;
type NearPickup = z.output<typeof schemas.nearPickup>;

/** How often the product looks for jobs whose pick-up came near. */
export const NEAR_PICKUP_INTERVAL_MS = 30_000;
/** An unallocated job this long overdue is no longer "near": it is for the office to sort out. */
const OVERDUE_LIMIT_MS = 6 * 3600_000;
/** The board shows at most this many near jobs, each with its suggestion. */
const BOARD_LIMIT = 10;

const NOBODY = 'No driver can reach it in time';

/**
 * A near job's suggestion is worked out at most this often: every board a dispatcher opens asks for
 * it, and ranking drivers for ten jobs on each call cost the board more than everything else.
 */
const FLAG_TTL_MS = 10_000;
const recentFlags = new InstallationCache<string, { at: number; flag: Pick<NearPickup, 'suggestion' | 'reason'> }>(
  5000,
);

/**
 * What the suggestions of near jobs depend on besides positions: who is available and who is on
 * shift. A change to either works them out again at once; a driver moving waits for the next round.
 */
async function fleetFingerprint(ctx: Ctx): Promise<string> {
  const { rows } = await ctx.db.execute<{ available: number; on_shift: number; latest: string | null }>(sql`
    select
      (select count(*)::int from ${drivers} d
        where d.company_id = ${ctx.session.companyId} and d.is_active and d.availability = 1) as available,
      (select count(*)::int from ${driverShifts} s
        where s.company_id = ${ctx.session.companyId} and s.ended_at is null) as on_shift,
      (select max(s.started_at)::text from ${driverShifts} s
        where s.company_id = ${ctx.session.companyId} and s.ended_at is null) as latest`);
  const row = rows[0];
  return `${row?.available ?? 0}/${row?.on_shift ?? 0}/${row?.latest ?? ''}`;
}

async function cachedFlagOf(ctx: Ctx, booking: { id: number; pickupAt: Date }, now: Date, fleet: string) {
  const key = `${ctx.session.companyId}:${booking.id}:${booking.pickupAt.getTime()}:${fleet}`;
  const hit = recentFlags.get(ctx.services, key);
  if (hit && Math.abs(now.getTime() - hit.at) < FLAG_TTL_MS) return hit.flag;
  const flag = await nearFlagOf(ctx, booking, now);
  recentFlags.set(ctx.services, key, { at: now.getTime(), flag });
  return flag;
}

/** Jobs with no driver (the unallocated tab) whose pick-up is within `minutes`, or overdue. */
function nearWhere(companyId: number, minutes: number, now: Date) {
  return and(
    eq(bookings.companyId, companyId),
    inArray(bookings.status, [...dispatchTabs.unallocated]),
    isNull(bookings.driverId),
    isNull(bookings.vendorId),
    lte(bookings.pickupAt, new Date(now.getTime() + minutes * 60_000)),
    gte(bookings.pickupAt, new Date(now.getTime() - OVERDUE_LIMIT_MS)),
  );
}

async function nearPickupMinutes(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ minutes: companies.nearPickupMinutes })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return row?.minutes ?? 30;
}

/**
 * Who can take a near job: the best suggestion that reaches the pick-up in time, else why nobody
 * can — nobody on shift, everyone on shift busy, or the nearest too far (in minutes).
 */
export async function nearFlagOf(
  ctx: Ctx,
  booking: { id: number; pickupAt: Date },
  now: Date,
): Promise<Pick<NearPickup, 'suggestion' | 'reason'>> {
  const secondsLeft = (booking.pickupAt.getTime() - now.getTime()) / 1000;
  const { candidates } = await suggestDrivers(ctx, { bookingId: booking.id, limit: 5 });
  const fits = candidates.find((c) => c.etaSeconds <= secondsLeft);
  if (fits) {
    return {
      suggestion: {
        driverId: fits.driverId,
        driverName: fits.driverName,
        callsign: fits.callsign,
        etaSeconds: fits.etaSeconds,
      },
      reason: null,
    };
  }
  if (candidates.length) {
    const nearest = Math.min(...candidates.map((c) => c.etaSeconds));
    return { suggestion: null, reason: `${NOBODY}: the nearest is ${Math.max(1, Math.round(nearest / 60))} min away.` };
  }
  const [onShift] = await ctx.db
    .select({
      all: count(),
      available: sql<number>`(count(*) filter (where ${drivers.availability} = 1))::int`,
    })
    .from(drivers)
    .innerJoin(
      driverShifts,
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.isActive, true)));
  if (!onShift?.all) return { suggestion: null, reason: `${NOBODY}: no driver is on shift.` };
  if (!onShift.available) return { suggestion: null, reason: `${NOBODY}: every driver on shift is busy.` };
  return {
    suggestion: null,
    reason: `${NOBODY}: no available driver fits it (vehicle type, documents or a known position).`,
  };
}

async function pickupAddresses(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ bookingId: bookingStops.bookingId, address: bookingStops.address })
    .from(bookingStops)
    .where(
      and(
        eq(bookingStops.companyId, ctx.session.companyId),
        inArray(bookingStops.bookingId, ids),
        eq(bookingStops.kind, 'pickup'),
      ),
    );
  return new Map(rows.map((r) => [r.bookingId, r.address]));
}

async function flagsOf(
  ctx: Ctx,
  rows: { id: number; pickupAt: Date; announcedAt: Date | null }[],
  now: Date,
): Promise<NearPickup[]> {
  const [addresses, fleet] = await Promise.all([
    pickupAddresses(
      ctx,
      rows.map((r) => r.id),
    ),
    rows.length ? fleetFingerprint(ctx) : Promise.resolve(''),
  ]);
  const out: NearPickup[] = [];
  for (const r of rows) {
    out.push({
      bookingId: r.id,
      pickupAt: r.pickupAt.toISOString(),
      pickup: addresses.get(r.id) ?? '',
      minutesToPickup: Math.floor((r.pickupAt.getTime() - now.getTime()) / 60_000),
      ...(await cachedFlagOf(ctx, r, now, fleet)),
      announcedAt: r.announcedAt?.toISOString() ?? null,
    });
  }
  return out;
}

/** The near jobs of the company for the board, soonest first. */
export async function nearPickups(ctx: Ctx, now = new Date()): Promise<NearPickup[]> {
  const minutes = await nearPickupMinutes(ctx);
  const rows = await ctx.db
    .select({ id: bookings.id, pickupAt: bookings.pickupAt, announcedAt: nearPickupAnnouncements.announcedAt })
    .from(bookings)
    .leftJoin(
      nearPickupAnnouncements,
      and(
        eq(nearPickupAnnouncements.companyId, bookings.companyId),
        eq(nearPickupAnnouncements.bookingId, bookings.id),
      ),
    )
    .where(nearWhere(ctx.session.companyId, minutes, now))
    .orderBy(asc(bookings.pickupAt), asc(bookings.id))
    .limit(BOARD_LIMIT);
  return flagsOf(ctx, rows, now);
}

/**
 * Tells the dispatchers of each near job once: a `booking.near` live event (the board shows a
 * notification) and a row in near_pickup_announcements, in one transaction. The row is what makes it
 * once: a restart, a second server process or the next round finds it and stays quiet. Answers how
 * many jobs it announced.
 */
export async function announceNearPickups(services: Services, now: Date = new Date()): Promise<number> {
  const all = await services.db
    .select({ id: companies.id, minutes: companies.nearPickupMinutes })
    .from(companies)
    .where(eq(companies.isActive, true));
  let announced = 0;
  for (const company of all) {
    const effects: (() => unknown)[] = [];
    await services.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id, pickupAt: bookings.pickupAt })
        .from(bookings)
        .where(
          and(
            nearWhere(company.id, company.minutes, now),
            sql`not exists (select 1 from ${nearPickupAnnouncements} a
              where a.company_id = ${bookings.companyId} and a.booking_id = ${bookings.id})`,
          ),
        )
        .orderBy(asc(bookings.pickupAt))
        .limit(50);
      if (!due.length) return;
      // Claimed by inserting: of two processes at once, each booking goes to the one whose insert wins.
      const claimed = await tx
        .insert(nearPickupAnnouncements)
        .values(due.map((d) => ({ companyId: company.id, bookingId: d.id, announcedAt: now })))
        .onConflictDoNothing()
        .returning({ bookingId: nearPickupAnnouncements.bookingId });
      const ours = new Set(claimed.map((c) => c.bookingId));
      const ctx = systemContext(tx, services, company.id, effects, 'near-pickup');
      const flags = await flagsOf(
        ctx,
        due.filter((d) => ours.has(d.id)).map((d) => ({ ...d, announcedAt: now })),
        now,
      );
      for (const flag of flags) {
        await emit(ctx, { type: 'booking.near', payload: { ...flag }, officeOnly: true });
        announced++;
      }
    });
    await runEffects(services, 'near pick-up', effects);
  }
  return announced;
}

/** Runs announceNearPickups every half minute, one round at a time; answers the stop function. */
export function startNearPickupWatch(services: Services, intervalMs = NEAR_PICKUP_INTERVAL_MS): () => Promise<void> {
  return startRounds(services, 'near pick-up watch', () => announceNearPickups(services), intervalMs);
}
