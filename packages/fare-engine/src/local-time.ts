/**
 * The wall-clock time of an instant in a time zone, from Intl alone (no clock, no Temporal). The
 * zone's offset is looked up once per quarter hour of UTC and kept: every time zone in use changes
 * its offset on a quarter hour, so one look-up holds for the whole quarter.
 */

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** YYYY-MM-DDTHH:MM in the zone (compares as text with the peak periods). */
  dateTime: string;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes the zone is ahead of UTC at that instant. */
  offsetMinutes: number;
}

const QUARTER_MS = 15 * 60_000;
const MAX_CACHED = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes the zone is ahead of UTC at `utcMs`, straight from Intl. */
function offsetAt(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
    parts.second as number,
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The local time of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const utcMs = at.getTime();
  if (!Number.isFinite(utcMs)) throw new RangeError('the pick-up time is not a valid instant');
  const quarter = Math.floor(utcMs / QUARTER_MS);
  let cache = offsets.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsets.set(timeZone, cache);
  }
  let offset = cache.get(quarter);
  if (offset === undefined) {
    offset = offsetAt(timeZone, quarter * QUARTER_MS);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(quarter, offset);
  }
  const local = new Date(utcMs + offset * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const hours = local.getUTCHours();
  const mins = local.getUTCMinutes();
  const day = local.getUTCDay();
  return {
    date,
    dateTime: `${date}T${pad(hours)}:${pad(mins)}`,
    minutes: hours * 60 + mins,
    weekday: day === 0 ? 7 : day,
    offsetMinutes: offset,
  };
}
