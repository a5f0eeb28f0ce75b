import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { clients } from '../clients/schema';
import { pricingModels } from './schema';

type Ctx = CallContext<Session>;

const columns = {
  id: clients.id,
  clientName: clients.name,
  pricingModelId: clients.pricingModelId,
  pricingModelName: pricingModels.name,
};

const toRow = (r: {
  id: number;
  clientName: string;
  pricingModelId: number | null;
  pricingModelName: string | null;
}) => ({
  id: r.id,
  clientID: r.id,
  clientName: r.clientName,
  pricingModelID: r.pricingModelId ?? 0,
  pricingModelName: r.pricingModelName,
});

const modelJoin = and(eq(pricingModels.companyId, clients.companyId), eq(pricingModels.id, clients.pricingModelId));

/** ClientPricingModelAssignment/GetTableSummary. */
export async function listAssignments(ctx: Ctx, input: z.output<typeof schemas.clientPricingListInput>) {
  const filters: (SQL | undefined)[] = [
    eq(clients.companyId, ctx.session.companyId),
    input.pricingModelID ? eq(clients.pricingModelId, input.pricingModelID) : undefined,
    searchAny(input.q, [clients.name]),
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    { clientName: clients.name, pricingModelName: pricingModels.name },
    { column: 'clientName', type: 'asc' },
    clients.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(clients).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select(columns)
          .from(clients)
          .leftJoin(pricingModels, modelJoin)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

async function assignment(ctx: Ctx, clientId: number) {
  const [row] = await ctx.db
    .select(columns)
    .from(clients)
    .leftJoin(pricingModels, modelJoin)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)))
    .orderBy(asc(clients.id));
  if (!row) throw notFound(`Client ${clientId}`);
  return toRow(row);
}

/** ClientPricingModelAssignment/Update: set a client's model, or 0 to reset it to none. */
export async function assignModel(ctx: Ctx, body: z.output<typeof schemas.clientPricingUpdateInput>) {
  await assignment(ctx, body.clientID);
  if (body.pricingModelID) {
    const [model] = await ctx.db
      .select({ id: pricingModels.id, isActive: pricingModels.isActive, version: pricingModels.currentVersion })
      .from(pricingModels)
      .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, body.pricingModelID)));
    if (!model) throw notFound(`Pricing model ${body.pricingModelID}`);
    if (!model.isActive) throw fieldError('pricingModelID', 'is switched off; switch it on first');
    if (model.version === null) throw fieldError('pricingModelID', 'has no rules yet; save its rules first');
  }
  await ctx.db
    .update(clients)
    .set({ pricingModelId: body.pricingModelID || null, updatedAt: new Date() })
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, body.clientID)));
  return assignment(ctx, body.clientID);
}
