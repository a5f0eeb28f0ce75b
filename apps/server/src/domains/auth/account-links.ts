import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashRefreshToken, newRefreshToken } from '../../platform/auth/tokens';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import { AppError, fieldError } from '../../platform/http/errors';
import { companies } from '../company/schema';
import type { MailCompany } from './account-mail';
import { accountLinks } from './schema';

export const SIGN_UP_LINK_HOURS = 24;
export const SETUP_LINK_HOURS = 24;
/** At most this many reset mails an hour for one account, however many addresses ask. */
export const RESET_MAILS_PER_HOUR = 5;

export type LinkState = 'valid' | 'expired' | 'used' | 'unknown';

/** A new one-time link secret (256 random bits) and the hash that is all the database keeps. */
export const newLinkSecret = newRefreshToken;
export const hashLinkSecret = hashRefreshToken;

export function stateOf(row: { expiresAt: Date; usedAt: Date | null } | undefined, now = new Date()): LinkState {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'valid';
}

const refusals: Record<Exclude<LinkState, 'valid'>, (what: string) => AppError> = {
  unknown: () => fieldError('token', 'is not a link we sent: copy the whole link from the e-mail'),
  expired: (what) => new AppError(410, `This ${what} link has expired. Ask for a new one.`),
  used: (what) => new AppError(410, `This ${what} link has been used already. Ask for a new one.`),
};

/** Refuses a link that does not work (any more), saying why in words. */
export function ensureValid(state: LinkState, what: string): void {
  if (state !== 'valid') throw refusals[state](what);
}

/**
 * A page of the web app the link opens, branded for the company (`?UKCB`, `?UKCB_PassApp` for
 * passengers); the secret rides in the fragment, which browsers never send to a server or in a Referer.
 */
export function pageLink(
  config: Pick<Config, 'publicUrl'>,
  page: string,
  company: { shortName: string } | null,
  options: { passenger?: boolean; secret?: string } = {},
): string {
  const query = company ? `?${company.shortName}${options.passenger ? '_PassApp' : ''}` : '';
  return `${config.publicUrl}/${page}${query}${options.secret ? `#token=${options.secret}` : ''}`;
}

export interface LinkCompany extends MailCompany {
  id: number;
  passengerSignUp: boolean;
}

/** The active company a sign-in page's short name names, or a 400 on `companyShortName`. */
export async function companyOfPage(db: Db, shortName: string): Promise<LinkCompany> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      phone: companies.phone,
      email: companies.email,
      passengerSignUp: companies.passengerSignUp,
    })
    .from(companies)
    .where(and(sql`lower(${companies.shortName}) = lower(${shortName})`, eq(companies.isActive, true)));
  if (!company) throw fieldError('companyShortName', 'is not a company we know');
  return company;
}

export async function companyById(db: Db, id: number): Promise<LinkCompany | undefined> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      phone: companies.phone,
      email: companies.email,
      passengerSignUp: companies.passengerSignUp,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return company;
}

/** The account link a secret opens, of one purpose. */
export async function findAccountLink(db: Db, secret: string, purpose: 'password_reset' | 'sign_up') {
  const [row] = await db
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashLinkSecret(secret)), eq(accountLinks.purpose, purpose)));
  return row;
}

/** Uses a link up; of two calls racing with the same link exactly one wins (one conditional UPDATE). */
export async function claimAccountLink(db: Db, id: number, what: string): Promise<void> {
  const [claimed] = await db
    .update(accountLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(accountLinks.id, id), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, sql`now()`)))
    .returning({ id: accountLinks.id });
  if (!claimed) throw refusals.used(what);
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
