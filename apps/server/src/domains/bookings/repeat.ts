import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { auditLog } from '../audit/schema';
import { exclusions } from '../reference-data/schema';
import { bookings, bookingStops, repeatBookings } from './schema';
import { stopRows } from './stop-rows';

type Ctx = CallContext<Session>;
type Repeat = z.output<typeof schemas.repeatInput>;
type StopInput = z.output<typeof schemas.stopInput>;

/** A series never holds more bookings than this, nor reaches further than a year. */
export const MAX_REPEAT_BOOKINGS = 366;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** ISO week day, 1 Monday … 7 Sunday (day 0 of the epoch was a Thursday). */
const isoWeekDay = (n: number) => ((((n + 3) % 7) + 7) % 7) + 1;

/**
 * The days of a series after its first booking's day: the chosen week days, every n-th week
 * counted from the first day's week, until the end date, without the company's exclusion dates.
 */
export function seriesDays(
  startDay: string,
  repeat: Pick<Repeat, 'weekDays' | 'endDate' | 'everyWeeks'>,
  excluded: { startDate: string; endDate: string }[],
): { days: string[]; capped: boolean } {
  const start = dayNumber(startDay);
  const end = dayNumber(repeat.endDate);
  const startMonday = start - (isoWeekDay(start) - 1);
  const days: string[] = [];
  for (let n = start + 1; n <= end; n++) {
    if (!repeat.weekDays.includes(isoWeekDay(n))) continue;
    if (Math.floor((n - startMonday) / 7) % repeat.everyWeeks !== 0) continue;
    const day = dayString(n);
    if (excluded.some((x) => x.startDate <= day && day <= x.endDate)) continue;
    if (days.length === MAX_REPEAT_BOOKINGS) return { days, capped: true };
    days.push(day);
  }
  return { days, capped: false };
}

/**
 * Makes the repeat series of a new booking in its transaction: the repeat_bookings row and one booking
 * per matching day at the same local time. Copies carry the price before any discount (a code is used
 * once, on the first booking) and no booking token. Answers how many bookings were made.
 */
export async function createSeries(
  ctx: Ctx,
  source: {
    bookingId: number;
    values: typeof bookings.$inferInsert;
    stops: StopInput[];
    repeat: Repeat;
    timezone: string;
  },
): Promise<number> {
  const { repeat, timezone } = source;
  const pickupAt = source.values.pickupAt as Date;
  const { rows } = await ctx.db.execute<{ day: string; time: string }>(
    sql`select to_char(${pickupAt.toISOString()}::timestamptz at time zone ${timezone}, 'YYYY-MM-DD') as day,
               to_char(${pickupAt.toISOString()}::timestamptz at time zone ${timezone}, 'HH24:MI:SS') as time`,
  );
  const { day: startDay, time } = rows[0] as { day: string; time: string };
  if (repeat.endDate <= startDay) throw fieldError('repeat.endDate', 'must be after the pick-up day');
  if (dayNumber(repeat.endDate) - dayNumber(startDay) > 366) {
    throw fieldError('repeat.endDate', 'must be within a year of the pick-up day');
  }
  const excluded = repeat.skipExclusions
    ? await ctx.db
        .select({ startDate: exclusions.startDate, endDate: exclusions.endDate })
        .from(exclusions)
        .where(
          and(
            eq(exclusions.companyId, ctx.session.companyId),
            eq(exclusions.isActive, true),
            lte(exclusions.startDate, repeat.endDate),
            gte(exclusions.endDate, startDay),
          ),
        )
    : [];
  const { days } = seriesDays(startDay, repeat, excluded);
  if (!days.length) throw fieldError('repeat.weekDays', 'match no day between the pick-up day and endDate');

  const [series] = await ctx.db
    .insert(repeatBookings)
    .values({
      companyId: ctx.session.companyId,
      sourceBookingId: source.bookingId,
      weekDays: repeat.weekDays,
      everyWeeks: repeat.everyWeeks,
      startDate: startDay,
      endDate: repeat.endDate,
      skipExclusions: repeat.skipExclusions,
      createdBy: ctx.session.userId,
    })
    .returning({ id: repeatBookings.id });
  const repeatBookingId = series?.id as number;
  const instants = await ctx.db.execute<{ at: Date | string }>(
    sql`select ((d + ${time}::time) at time zone ${timezone}) as at
          from unnest(${`{${days.join(',')}}`}::date[]) with ordinality as t(d, n) order by n`,
  );
  const gross =
    source.values.priceMinor === null || source.values.priceMinor === undefined
      ? null
      : source.values.priceMinor + (source.values.discountMinor ?? 0);
  const copies = instants.rows.map((r) => ({
    ...source.values,
    pickupAt: new Date(r.at),
    isAsap: false,
    bookingToken: null,
    discountCodeId: null,
    discountMinor: null,
    priceMinor: gross,
    repeatBookingId,
  }));
  const made = await ctx.db.insert(bookings).values(copies).returning({ id: bookings.id });
  await ctx.db.insert(bookingStops).values(made.flatMap((m) => stopRows(ctx.session.companyId, m.id, source.stops)));
  await ctx.db
    .update(bookings)
    .set({ repeatBookingId })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, source.bookingId)));
  await ctx.db.insert(auditLog).values(
    made.map((m, i) => ({
      companyId: ctx.session.companyId,
      entityType: 'booking',
      entityId: m.id,
      action: 'created',
      actorUserId: ctx.session.userId,
      source: source.values.source ?? 'office',
      changes: {
        status: { before: null, after: source.values.status },
        pickupAt: { before: null, after: (copies[i] as { pickupAt: Date }).pickupAt.toISOString() },
        repeatOf: { before: null, after: source.bookingId },
      },
    })),
  );
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: source.bookingId,
    action: 'repeat_created',
    source: source.values.source ?? 'office',
    changes: { repeatCount: { before: null, after: made.length } },
  });
  return made.length;
}
