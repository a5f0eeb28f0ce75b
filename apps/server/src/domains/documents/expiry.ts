import { EXPIRING_DAYS, type ExpiryState } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The expiry state of a date against today (YYYY-MM-DD, the company's day). */
export function expiryState(expiryDate: string | null, today: string): ExpiryState {
  if (!expiryDate) return 'no_expiry';
  if (expiryDate < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + EXPIRING_DAYS);
  return expiryDate <= soon.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

/** The same rule in SQL, for filters and counts; `today` is the company's date. */
export function expiryStateSql(expiryDate: AnyPgColumn, today: string): SQL<ExpiryState> {
  return sql<ExpiryState>`case
    when ${expiryDate} is null then 'no_expiry'
    when ${expiryDate} < ${today}::date then 'expired'
    when ${expiryDate} <= ${today}::date + ${EXPIRING_DAYS}::int then 'expiring'
    else 'valid' end`;
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timezone: string): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Time zones are a short list; the bound only guards against a stream of unknown names.
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timezone, format);
  }
  return format.format(new Date());
}

/** A formatter per time zone: making one costs far more than formatting with it (a hot call asks every time). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The state of a document whose type may have no expiry: such a document never expires, whatever
 * date it carries from before its type changed.
 */
export function documentStateSql(expiryDate: AnyPgColumn, hasExpiry: AnyPgColumn, today: string): SQL<ExpiryState> {
  return sql<ExpiryState>`case when not ${hasExpiry} then 'no_expiry' else ${expiryStateSql(expiryDate, today)} end`;
}

/** Whole days from today to a date (negative once passed), null without a date. */
export function daysUntil(date: string | null, today: string): number | null {
  if (!date) return null;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
