/**
 * Dates and times as a person types them on a keyboard, read on the company's clock and in its date
 * order: "tomorrow", "26/11", "26/11/2026", "2611"; "1630", "16:30", "930", "4pm".
 *
 * A wall-clock value ("YYYY-MM-DD HH:mm") is the company's local time; `wallToIso` and `isoToWall`
 * turn it into the UTC instant the server stores and back, whatever the browser's own time zone is.
 */

/** The company's time zone (stored at sign-in); the browser's when there is none. */
export const companyTimeZone = (): string | undefined => localStorage.getItem('timezone') || undefined;
/** The company's date order and separator (d-m-Y unless it chose d/m/Y, d.m.Y, m/d/Y or Y-m-d). */
export const companyDateFormat = (): string => localStorage.getItem('dateFormat') || 'd-m-Y';

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day "YYYY-MM-DD" shifted by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function partsIn(instant: Date, timeZone: string | undefined) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    seconds: Number(parts.second),
  };
}

/** Today on the company's clock, "YYYY-MM-DD". */
export function companyToday(now = new Date(), timeZone = companyTimeZone()): string {
  return partsIn(now, timeZone).day;
}

/** An instant as the company's wall clock, "YYYY-MM-DD HH:mm". */
export function isoToWall(iso: string, timeZone = companyTimeZone()): string {
  const { day, time } = partsIn(new Date(iso), timeZone);
  return `${day} ${time}`;
}

/** The company's wall-clock "YYYY-MM-DD HH:mm" as a UTC instant (ISO 8601). */
export function wallToIso(wall: string, timeZone = companyTimeZone()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(wall);
  if (!match) throw new Error(`Not a date and time: ${wall}`);
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const asUtc = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
  // The zone's offset at that moment, found by reading the guess back on the zone's clock; twice,
  // so a wall time next to a daylight-saving change lands on the right side.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = partsIn(new Date(instant), timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number) as [number, number, number];
    const [sh, smi] = seen.time.split(':').map(Number) as [number, number];
    const seenAsUtc = Date.UTC(sy, sm - 1, sd, sh, smi);
    instant += asUtc - seenAsUtc;
  }
  return new Date(instant).toISOString();
}

const validDay = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const dayWords: Record<string, number> = { today: 0, heute: 0, tomorrow: 1, morgen: 1, tom: 1, tmrw: 1 };
const weekDays = [
  ['sunday', 'sonntag'],
  ['monday', 'montag'],
  ['tuesday', 'dienstag'],
  ['wednesday', 'mittwoch'],
  ['thursday', 'donnerstag'],
  ['friday', 'freitag'],
  ['saturday', 'samstag'],
];

/**
 * A typed day as "YYYY-MM-DD", or null when the text is not one. Numbers follow the company's date
 * order; a day and month without a year is the next such day (today included), so "05/01" typed in
 * December is next January. Words: today, tomorrow (tom), a week day (the coming one, today
 * included), +N (in N days); German heute, morgen and week days too.
 */
export function readDate(
  text: string,
  today: string = companyToday(),
  format: string = companyDateFormat(),
): string | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (!t) return null;
  if (t in dayWords) return addDays(today, dayWords[t] as number);
  const plus = /^\+\s*(\d{1,3})$/.exec(t);
  if (plus) return addDays(today, Number(plus[1]));
  if (/^[a-zäöü]{2,}$/.test(t)) {
    const index = weekDays.findIndex((names) => names.some((n) => n.startsWith(t)));
    if (index >= 0 && t.length >= 2) {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const todayIndex = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      return addDays(today, (index - todayIndex + 7) % 7);
    }
    return null;
  }
  let parts = t.split(/[\s/.-]+/).filter(Boolean);
  if (parts.length === 1 && /^\d+$/.test(t)) {
    // Digits only: 2611 (day and month) or 26112026 (with the year), in the company's order.
    if (t.length === 4) parts = [t.slice(0, 2), t.slice(2)];
    else if (t.length === 6) parts = [t.slice(0, 2), t.slice(2, 4), t.slice(4)];
    else if (t.length === 8)
      parts = format.startsWith('Y')
        ? [t.slice(0, 4), t.slice(4, 6), t.slice(6)]
        : [t.slice(0, 2), t.slice(2, 4), t.slice(4)];
    else return null;
  }
  if (!parts.every((p) => /^\d+$/.test(p)) || parts.length < 2 || parts.length > 3) return null;
  const nums = parts.map(Number);
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let y: number | undefined;
  let m: number;
  let d: number;
  if (parts.length === 3) {
    if ((parts[0] as string).length === 4 || format.startsWith('Y')) [y, m, d] = nums as [number, number, number];
    else if (format.startsWith('m')) [m, d, y] = nums as [number, number, number];
    else [d, m, y] = nums as [number, number, number];
    if (y < 100) y += 2000;
  } else if (format.startsWith('d')) [d, m] = nums as [number, number];
  else [m, d] = nums as [number, number];
  if (y === undefined) {
    y = ty;
    if (m < tm || (m === tm && d < td)) y += 1;
  }
  return validDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** A typed time as "HH:mm" (24-hour), or null: 1630, 16:30, 16.30, 16h30, 930, 9, 4pm, 4:30 pm. */
export function readTime(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!t) return null;
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?(am|pm|a|p)?$/.exec(t);
  if (!match) return null;
  let h = Number(match[1]);
  const m = match[2] ? Number(match[2]) : 0;
  const half = match[3];
  if (half) {
    if (h < 1 || h > 12) return null;
    if (half.startsWith('p') && h < 12) h += 12;
    if (half.startsWith('a') && h === 12) h = 0;
  }
  if (h > 23 || m > 59) return null;
  return `${pad(h)}:${pad(m)}`;
}

/** A day "YYYY-MM-DD" in the company's date format (27-11-2026 by default). */
export function writeDay(day: string, format: string = companyDateFormat()): string {
  const [y = '', m = '', d = ''] = day.split('-');
  const separator = /[^dmY]/.exec(format)?.[0] ?? '-';
  return format
    .split(separator)
    .map((part) => (part === 'Y' ? y : part === 'm' ? m : d))
    .join(separator);
}

/**
 * The value of a date-and-time field: "YYYY-MM-DD HH:mm" when both are chosen, "YYYY-MM-DD" when
 * only the day is, "HH:mm" when only the time is, null when neither.
 */
export function joinWall(day: string | null, time: string | null): string | null {
  if (day && time) return `${day} ${time}`;
  return day ?? time ?? null;
}

export function splitWall(value: string | null | undefined): { day: string | null; time: string | null } {
  const v = value?.trim() ?? '';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(v)?.[0] ?? null;
  const time = /(?:^|[ T])(\d{2}:\d{2})/.exec(v)?.[1] ?? null;
  return { day, time };
}
