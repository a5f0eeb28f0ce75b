import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound, unauthorized } from '../../platform/http/errors';
import { companies } from '../company/schema';
import { webBookerVisits } from './schema';

type Ctx = CallContext<Session>;

/** A visit lives this long: time enough to fill the form, never a standing account. */
export const VISIT_TOKEN_SECONDS = 2 * 60 * 60;

/** Every web-booker call counts against the caller's address (docs/web-booker.md "Limits"). */
export function countCall(ctx: CallContext<Session | null>): Promise<void> {
  return ctx.services.webBookerLimit.take(ctx.request.ip);
}

/** The `_PassApp` tail names the passenger app of the same company. */
export function shortNameOf(identifier: string): string {
  return identifier.trim().replace(/_PassApp$/i, '');
}

/** The active company a marker or an id names; 404 otherwise (companies are public: their pages are). */
export async function publicCompany(ctx: CallContext<Session | null>, by: { identifier?: string; id?: number }) {
  const where =
    by.id !== undefined
      ? eq(companies.id, by.id)
      : sql`lower(${companies.shortName}) = lower(${shortNameOf(by.identifier ?? '')})`;
  const [company] = await ctx.db
    .select({
      id: companies.id,
      shortName: companies.shortName,
      name: companies.name,
      phone: companies.phone,
      email: companies.email,
      logoMain: companies.logoMain,
      isVatRegistered: companies.isVatRegistered,
      vatRateBp: companies.vatRateBp,
      currency: companies.currency,
      timezone: companies.timezone,
    })
    .from(companies)
    .where(and(where, eq(companies.isActive, true)));
  if (!company) {
    throw notFound(by.id !== undefined ? `Company ${by.id}` : `A company with the booking page “${by.identifier}”`);
  }
  return company;
}

/** A session made for a company: the public calls asked without a token still read that company. */
export function visitorContext(ctx: CallContext<Session | null>, companyId: number): Ctx {
  return { ...ctx, session: { userId: 0, companyId, kind: 'webBooker', staffRoleId: 0, personId: 0 } };
}

/** The caller's session, required: the pricing and passenger calls follow GetWebBookerUserID. */
export function requireSession(ctx: CallContext<Session | null>): Ctx {
  if (!ctx.session) throw unauthorized("Start from the company's booking page: this visit has no token.");
  return ctx as Ctx;
}

export async function startVisit(ctx: CallContext<Session | null>, companyId: number) {
  const [visit] = await ctx.db
    .insert(webBookerVisits)
    .values({ companyId, ip: ctx.request.ip })
    .returning({ id: webBookerVisits.id });
  const id = visit?.id as number;
  const session: Session = { userId: 0, companyId, kind: 'webBooker', staffRoleId: 0, personId: id };
  const token = await ctx.services.tokens.issueAccess(session, VISIT_TOKEN_SECONDS);
  return { id, token, expiresAt: new Date(Date.now() + VISIT_TOKEN_SECONDS * 1000).toISOString() };
}

/** The visit of a visitor token, locked: its one booking cannot be made twice at once. */
export async function visitOf(ctx: Ctx) {
  const [visit] = await ctx.db
    .select()
    .from(webBookerVisits)
    .where(and(eq(webBookerVisits.companyId, ctx.session.companyId), eq(webBookerVisits.id, ctx.session.personId)))
    .for('update');
  if (!visit) throw unauthorized("This visit has ended. Start again from the company's booking page.");
  return visit;
}

export async function refuseSecondBooking(ctx: Ctx) {
  const visit = await visitOf(ctx);
  if (visit.bookingId) {
    throw conflict(`This visit already made booking ${visit.bookingId}: start a new booking for another ride.`);
  }
  return visit;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Keeps the visit's booking and answers the new confirmation token (256 random bits, stored hashed). */
export async function confirmVisit(ctx: Ctx, bookingId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .update(webBookerVisits)
    .set({ bookingId, confirmationHash: hashOf(token) })
    .where(and(eq(webBookerVisits.companyId, ctx.session.companyId), eq(webBookerVisits.id, ctx.session.personId)));
  return token;
}

/** The booking a confirmation token names in a company, or null. */
export async function bookingOfConfirmation(ctx: CallContext<Session | null>, companyId: number, token: string) {
  const [visit] = await ctx.db
    .select({ bookingId: webBookerVisits.bookingId })
    .from(webBookerVisits)
    .where(and(eq(webBookerVisits.companyId, companyId), eq(webBookerVisits.confirmationHash, hashOf(token))));
  return visit?.bookingId ?? null;
}
