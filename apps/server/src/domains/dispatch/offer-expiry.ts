import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import type { CallContext } from '../../platform/http/context';
import { runEffects, startRounds } from '../../platform/jobs/rounds';
import type { Services } from '../../platform/services';
import { moveBooking } from '../bookings/moves';
import { bookings } from '../bookings/schema';
import { companies } from '../company/schema';

/** How often the product looks for offers that ran out. */
export const OFFER_EXPIRY_INTERVAL_MS = 5_000;
const BATCH = 100;

/** The product itself acting for a company: no user, every move traced with source 'system'. */
export function systemContext(
  db: Db,
  services: Services,
  companyId: number,
  effects: (() => unknown)[],
  agent = 'offer-expiry',
): CallContext<Session> {
  return {
    db,
    session: { userId: 0, companyId, kind: 'admin', staffRoleId: 0, personId: 0 },
    ability: services.abilities.anonymous(),
    rules: [],
    services,
    request: { ip: '127.0.0.1', userAgent: agent },
    afterCommit: (effect) => void effects.push(effect),
    // Expiry never fails on purpose; a round that fails is simply tried again by the next one.
    afterRollback: () => undefined,
  };
}

/**
 * Sends every offer whose time is up back to dispatch (a 'decline' move by the system). Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so two server processes never expire the same offer, and an
 * offer a dispatcher is changing right now is left for the next round. Looks company by company so
 * the (company, status, pickup) index serves each look-up. Answers how many offers it expired.
 */
export async function expireDueOffers(services: Services, now: Date = new Date()): Promise<number> {
  const companyIds = (await services.db.select({ id: companies.id }).from(companies)).map((c) => c.id);
  let expired = 0;
  for (const companyId of companyIds) {
    const effects: (() => unknown)[] = [];
    await services.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.companyId, companyId),
            eq(bookings.status, 'offered'),
            lte(bookings.offerExpiresAt, sql`${now.toISOString()}::timestamptz`),
          ),
        )
        .orderBy(asc(bookings.offerExpiresAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const ctx = systemContext(tx, services, companyId, effects);
      for (const { id } of due) {
        await moveBooking(ctx, id, 'decline', {
          source: 'system',
          note: `The offer ran out unanswered after ${services.config.offerTimeoutSeconds} seconds`,
        });
        expired++;
      }
    });
    await runEffects(services, 'offer expiry', effects);
  }
  return expired;
}

/** Runs expireDueOffers every few seconds, one round at a time; answers the stop function. */
export function startOfferExpiry(services: Services, intervalMs = OFFER_EXPIRY_INTERVAL_MS): () => Promise<void> {
  const round = async () => services.metrics.offerTimeouts.inc(await expireDueOffers(services));
  return startRounds(services, 'offer expiry', round, intervalMs);
}
