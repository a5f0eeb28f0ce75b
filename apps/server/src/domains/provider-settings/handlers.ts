import { and, eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { type CallContext, handlers } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { pageOf } from '../pay-rules/parts';
import { diff, recordAudit } from '../audit/record';
import { openOrNull } from '../payments/configuration-view';
import { companyRowsQuery } from './effective';
import { providerSettings } from './schema';
import { providerView } from './view';

type Ctx = CallContext<Session>;
type Kind = schemas.ProviderKind;
type Row = typeof providerSettings.$inferSelect;
type Input = schemas.ProviderSettingInput;

/** The providers that reach a service outside the machine, and so need its address. */
const needsUrl = new Set(['http', 'tiles', 'osrm', 'nominatim', 'photon']);

async function lockedRow(ctx: Ctx, kind: Kind): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(providerSettings)
    .where(and(eq(providerSettings.companyId, ctx.session.companyId), eq(providerSettings.kind, kind)))
    .for('update');
  return row;
}

/**
 * Saves the fields sent over the company's choice (or, with none yet, the offline default of the
 * kind). Rules across fields are checked on the merged result; the secret is sealed and the
 * history says that it changed, never what it is.
 */
async function save(ctx: Ctx, input: Input, before: Row | undefined) {
  const kind = input.kind;
  const provider = input.provider ?? before?.provider ?? schemas.providerChoices[kind][0];
  const url = input.url === undefined ? (before?.url ?? null) : input.url || null;
  const label = input.label === undefined ? (before?.label ?? null) : input.label || null;
  if (needsUrl.has(provider) && !url) {
    throw fieldError('url', `is required for the ${provider} provider`, `Address is required for ${provider}.`);
  }
  const secretSealed = input.secret
    ? ctx.services.secrets.seal(input.secret)
    : input.clearSecret
      ? null
      : (before?.secretSealed ?? null);
  if (input.secret && !schemas.secretKinds.includes(kind)) {
    throw fieldError('secret', `is not used by ${kind}`, `A secret is not used by ${kind}.`);
  }
  const values = { provider, url, label, secretSealed, updatedAt: new Date(), updatedBy: ctx.session.userId };
  const [saved] = before
    ? await ctx.db.update(providerSettings).set(values).where(eq(providerSettings.id, before.id)).returning()
    : await ctx.db
        .insert(providerSettings)
        .values({ ...values, companyId: ctx.session.companyId, kind })
        .onConflictDoNothing()
        .returning();
  if (!saved) throw conflict(`The ${kind} provider was saved by someone else at the same moment. Try again.`);
  const changes = diff(
    { provider: before?.provider ?? null, url: before?.url ?? null, label: before?.label ?? null },
    { provider, url, label },
  );
  const hadSecret = before?.secretSealed ? openOrNull(ctx.services, before.secretSealed) !== null : false;
  if (input.secret) changes.secret = { before: null, after: 'secret changed' };
  else if (input.clearSecret && hadSecret) changes.secret = { before: null, after: 'secret removed' };
  if (!before || Object.keys(changes).length > 0) {
    await recordAudit(ctx, {
      entityType: 'provider_settings',
      entityId: saved.id,
      action: before ? 'updated' : 'created',
      changes,
    });
  }
  return saved;
}

/** The company's choice removed: the environment's provider applies to its next call again. */
async function useDefault(ctx: Ctx, kind: Kind, before: Row | undefined) {
  if (!before) return;
  await ctx.db.delete(providerSettings).where(eq(providerSettings.id, before.id));
  await recordAudit(ctx, {
    entityType: 'provider_settings',
    entityId: before.id,
    action: 'deleted',
    changes: { provider: { before: before.provider, after: 'environment default' } },
  });
}

const savedMessage = (kind: Kind) => `The ${kind} provider is saved; the company's next call uses it.`;

export const providerSettingsHandlers = handlers({
  'ProviderSettings/GetTableSummary': async (input, ctx) => {
    const rows = await companyRowsQuery(ctx.db, ctx.session.companyId);
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    const all = schemas.providerKinds.map((kind) => providerView(ctx.services, kind, byKind.get(kind)));
    const q = input.q?.trim().toLowerCase();
    const found = q ? all.filter((v) => `${v.kind} ${v.provider} ${v.url ?? ''}`.toLowerCase().includes(q)) : all;
    return pageOf(input, found);
  },

  'ProviderSettings/GetProvider': async (input, ctx) => {
    const [row] = await companyRowsQuery(ctx.db, ctx.session.companyId, [input.kind]);
    return providerView(ctx.services, input.kind, row);
  },

  'ProviderSettings/Create': async (input, ctx) => {
    if (await lockedRow(ctx, input.kind)) {
      throw conflict(
        `The company has chosen its ${input.kind} provider already: change it with ProviderSettings/Update.`,
      );
    }
    if (input.useDefault) {
      throw fieldError('useDefault', 'is only for Update', 'Use default is only for changing a saved provider.');
    }
    const saved = await save(ctx, input, undefined);
    return { data: providerView(ctx.services, input.kind, saved), message: savedMessage(input.kind) };
  },

  'ProviderSettings/Update': async (input, ctx) => {
    const before = await lockedRow(ctx, input.kind);
    if (input.useDefault) {
      await useDefault(ctx, input.kind, before);
      return {
        data: providerView(ctx.services, input.kind, undefined),
        message: `The ${input.kind} provider follows the server's default again.`,
      };
    }
    const saved = await save(ctx, input, before);
    return { data: providerView(ctx.services, input.kind, saved), message: savedMessage(input.kind) };
  },
});
