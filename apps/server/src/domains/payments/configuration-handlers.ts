import { eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { type CallContext, handlers } from '../../platform/http/context';
import { conflict } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { companyFacts } from '../company/facts';
import { checkConfiguration } from './configuration-rules';
import { checkProviderKeys } from './key-check';
import { configurationView, openOrNull } from './configuration-view';
import { readPaymentSettings, paymentSettingsRow } from './settings';
import { paymentSettings } from './settings-schema';

type Row = typeof paymentSettings.$inferSelect;
type Input = schemas.PaymentConfigurationInput;

async function viewOf(ctx: CallContext<Session>, row: Row | undefined) {
  const { currency } = await companyFacts(ctx);
  return configurationView(ctx.services, ctx.session.companyId, row, currency);
}

/** What a secret becomes: sent replaces it, a clear flag removes it, else it stays. */
function nextSecret(sealed: string | null, sent: string | undefined, clear: boolean | undefined) {
  if (sent) return { sealed: undefined, plain: sent, change: 'changed' as const };
  if (clear) return { sealed: null, plain: null, change: sealed ? ('removed' as const) : null };
  return { sealed, plain: undefined, change: null };
}

/**
 * Saves the configuration sent over the stored one (or the defaults). The secrets are sealed before
 * they reach the row, and the history says that a secret changed, never what it is.
 */
async function save(ctx: CallContext<Session>, input: Input, before: Row | undefined) {
  const { services, session } = ctx;
  // A secret this server's key cannot open counts as missing: the rules then ask for it again.
  const open = (s: string | null) => (s ? openOrNull(services, s) : null);
  const secret = nextSecret(before?.secretKeySealed ?? null, input.secretKey, input.clearSecretKey);
  const webhook = nextSecret(before?.webhookSecretSealed ?? null, input.webhookSecret, input.clearWebhookSecret);
  const values = {
    provider: input.provider ?? before?.provider ?? 'offline',
    mode: input.mode ?? before?.mode ?? 'test',
    publishableKey: input.publishableKey === undefined ? (before?.publishableKey ?? null) : input.publishableKey,
    currency: input.currency === undefined ? (before?.currency ?? null) : input.currency,
    statementDescriptor:
      input.statementDescriptor === undefined ? (before?.statementDescriptor ?? null) : input.statementDescriptor,
  };
  checkConfiguration({ ...values, secretKey: secret.plain === undefined ? open(secret.sealed) : secret.plain }, input);
  const sealedOf = (s: ReturnType<typeof nextSecret>) => (s.plain ? services.secrets.seal(s.plain) : s.sealed);
  const row = {
    ...values,
    secretKeySealed: sealedOf(secret),
    webhookSecretSealed: sealedOf(webhook),
    updatedAt: new Date(),
    updatedBy: session.userId,
  };
  const [saved] = before
    ? await ctx.db.update(paymentSettings).set(row).where(eq(paymentSettings.id, before.id)).returning()
    : await ctx.db
        .insert(paymentSettings)
        .values({ ...row, companyId: session.companyId })
        .onConflictDoNothing({ target: paymentSettings.companyId })
        .returning();
  if (!saved) throw conflict('The payment configuration was saved by someone else at the same moment. Try again.');

  const changes = diff(
    {
      provider: before?.provider ?? 'offline',
      mode: before?.mode ?? 'test',
      publishableKey: before?.publishableKey ?? null,
      currency: before?.currency ?? null,
      statementDescriptor: before?.statementDescriptor ?? null,
    },
    values,
  );
  if (secret.change) changes.secretKey = { before: null, after: `secret key ${secret.change}` };
  if (webhook.change) changes.webhookSecret = { before: null, after: `webhook secret ${webhook.change}` };
  if (!before || Object.keys(changes).length > 0) {
    await recordAudit(ctx, {
      entityType: 'payment_settings',
      entityId: saved.id,
      action: before ? 'updated' : 'created',
      changes,
    });
  }
  return saved;
}

async function lockedRow(ctx: CallContext<Session>) {
  const [row] = await ctx.db
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.companyId, ctx.session.companyId))
    .for('update');
  return row;
}

/** The first save; a company has one configuration, changed afterwards by Update. */
async function createConfiguration(ctx: CallContext<Session>, input: Input) {
  if (await lockedRow(ctx)) {
    throw conflict('The payment configuration is already saved: change it with Configuration/Update.');
  }
  return { data: await viewOf(ctx, await save(ctx, input, undefined)), message: 'Payment configuration saved.' };
}

/** Changes what is sent; with nothing saved yet it saves over the defaults. */
async function updateConfiguration(ctx: CallContext<Session>, input: Input) {
  const saved = await save(ctx, input, await lockedRow(ctx));
  return { data: await viewOf(ctx, saved), message: 'Payment configuration saved.' };
}

export const configurationHandlers = handlers({
  'Configuration/GetConfigurationData': async (_input, ctx) =>
    viewOf(ctx, await paymentSettingsRow(ctx.db, ctx.session.companyId)),

  'Configuration/GetTableSummary': async (_input, ctx) => {
    const row = await paymentSettingsRow(ctx.db, ctx.session.companyId);
    const rows = row ? [await viewOf(ctx, row)] : [];
    return { data: rows, allData: rows, total: rows.length, count: rows.length };
  },

  'Configuration/Create': (input, ctx) => createConfiguration(ctx, input),
  'Configuration/Update': (input, ctx) => updateConfiguration(ctx, input),

  'Configuration/GetStripeKeyLive': async (_input, ctx) => {
    const row = await paymentSettingsRow(ctx.db, ctx.session.companyId);
    const provider = row?.provider ?? 'offline';
    // The offline provider has no card form to load: no key tells the web not to fetch Stripe.js.
    return {
      publishableKey: provider === 'stripe' ? (row?.publishableKey ?? null) : null,
      provider,
      mode: row?.mode ?? 'test',
    };
  },

  'PaymentTransaction/GetStripeLiveStatus': async (_input, ctx) => {
    const row = await paymentSettingsRow(ctx.db, ctx.session.companyId);
    const provider = row?.provider ?? 'offline';
    const mode = row?.mode ?? 'test';
    return { mode, isLive: provider === 'stripe' && mode === 'live', provider };
  },

  'PaymentTransaction/StripeTest': async (_input, ctx) => {
    const unopened: string[] = [];
    const settings = await readPaymentSettings(ctx.db, ctx.session.companyId, (sealed) => {
      const plain = openOrNull(ctx.services, sealed);
      if (plain === null) unopened.push(sealed);
      return plain ?? '';
    });
    if (unopened.length > 0) {
      const message =
        "The saved secret key cannot be opened with this server's secrets key (SECRETS_KEY): enter it again.";
      return { data: { ok: false, provider: settings.provider, mode: settings.mode, message }, message };
    }
    const answer = await checkProviderKeys(settings, ctx.services.config);
    return {
      data: { ...answer, provider: settings.provider, mode: settings.mode },
      message: answer.message,
    };
  },
});
