import { and, eq } from 'drizzle-orm';
import type { CardOwnerKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { paymentCustomers } from './schema';
import { cardProvidersOf } from './providers';

type Ctx = CallContext<Session>;

/**
 * The provider's customer of a passenger, client or driver, made at the provider on first use. Its
 * key names the owner, so a retry after a lost answer (or two calls at once) finds one customer.
 */
export async function ensureCustomer(ctx: Ctx, owner: { kind: CardOwnerKind; id: number }): Promise<string> {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const own = and(
    eq(paymentCustomers.companyId, ctx.session.companyId),
    eq(paymentCustomers.ownerKind, owner.kind),
    eq(paymentCustomers.ownerId, owner.id),
    eq(paymentCustomers.provider, provider.name),
  );
  const [known] = await ctx.db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(own);
  if (known) return known.ref;
  const made = await provider.createCustomer({
    idempotencyKey: `c${ctx.session.companyId}:customer:${owner.kind}:${owner.id}`,
  });
  const [inserted] = await ctx.db
    .insert(paymentCustomers)
    .values({
      companyId: ctx.session.companyId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      provider: provider.name,
      customerRef: made.id,
    })
    .onConflictDoNothing()
    .returning({ ref: paymentCustomers.customerRef });
  if (inserted) return inserted.ref;
  // Another call made the row first: its customer is the owner's.
  const [row] = await ctx.db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(own);
  return row?.ref ?? made.id;
}

/** The owner's customer at the provider if one was made (no call to the provider). */
export async function customerOf(ctx: Ctx, owner: { kind: CardOwnerKind; id: number }): Promise<string | null> {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const [row] = await ctx.db
    .select({ ref: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.companyId, ctx.session.companyId),
        eq(paymentCustomers.ownerKind, owner.kind),
        eq(paymentCustomers.ownerId, owner.id),
        eq(paymentCustomers.provider, provider.name),
      ),
    );
  return row?.ref ?? null;
}
