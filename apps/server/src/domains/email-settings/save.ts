import { and, eq, inArray } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { badRequest, conflict, fieldError } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { openOrNull } from '../payments/configuration-view';
import { emailSettings, emailTemplates } from './schema';
import { checkServer } from './smtp';

type Ctx = CallContext<Session>;
type Row = typeof emailSettings.$inferSelect;
type Input = schemas.EmailSettingsInput;

const pick = <T>(sent: T | undefined, before: T) => (sent === undefined ? before : sent);

/** The copy recipients must be the company's own active office users. */
async function checkCopyUsers(ctx: Ctx, ids: number[]) {
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.companyId, ctx.session.companyId), inArray(users.id, ids), inArray(users.kind, ['admin', 'staff'])),
    );
  const known = new Set(found.map((u) => u.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw fieldError(
      `copyUserIds.${index}`,
      'is not an office user of the company',
      `User ${ids[index]} is not an office user of the company.`,
    );
  }
}

async function saveTemplates(ctx: Ctx, templates: NonNullable<Input['templates']>) {
  const { companyId, userId } = ctx.session;
  for (const t of templates) {
    const where = and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.kind, t.kind));
    const fallback = schemas.defaultTemplates[t.kind];
    const subject = t.subject ?? null;
    const body = t.body ?? null;
    const isDefault = (subject === null || subject === fallback.subject) && (body === null || body === fallback.body);
    if (isDefault) {
      await ctx.db.delete(emailTemplates).where(where);
      continue;
    }
    const values = {
      subject: subject ?? fallback.subject,
      body: body ?? fallback.body,
      updatedAt: new Date(),
      updatedBy: userId,
    };
    await ctx.db
      .insert(emailTemplates)
      .values({ companyId, kind: t.kind, ...values })
      .onConflictDoUpdate({ target: [emailTemplates.companyId, emailTemplates.kind], set: values });
  }
}

/**
 * Saves what is sent over the saved settings. A changed server (host, port, secure, user or
 * password) is tried before anything is written: one that refuses is a 400 with its words, unless
 * the payload says saveAnyway, when the refusal is kept beside the settings.
 */
export async function saveEmailSettings(ctx: Ctx, input: Input, before: Row | undefined) {
  const { services, session } = ctx;
  const password = input.password
    ? input.password
    : input.clearPassword
      ? null
      : before?.passwordSealed
        ? openOrNull(services, before.passwordSealed)
        : null;
  const values = {
    host: pick(input.host, before?.host ?? null) || null,
    port: pick(input.port, before?.port ?? null),
    secure: pick(input.secure, before?.secure ?? false),
    user: pick(input.user, before?.user ?? null) || null,
    fromName: pick(input.fromName, before?.fromName ?? null) || null,
    fromAddress: pick(input.fromAddress, before?.fromAddress ?? null) || null,
    copyUserIds: input.copyUserIds ? [...new Set(input.copyUserIds)] : (before?.copyUserIds ?? []),
  };
  if (input.copyUserIds) await checkCopyUsers(ctx, values.copyUserIds);
  if (values.host && !values.fromAddress) {
    throw fieldError(
      'fromAddress',
      'is required with an SMTP server',
      'Sender address is required with an SMTP server.',
    );
  }
  const serverChanged =
    !before ||
    values.host !== before.host ||
    values.port !== before.port ||
    values.secure !== before.secure ||
    values.user !== before.user ||
    Boolean(input.password) ||
    Boolean(input.clearPassword);
  let lastCheck = serverChanged ? null : (before?.lastCheck ?? null);
  if (values.host && serverChanged) {
    const port = values.port ?? (values.secure ? 465 : 587);
    const refusal = await checkServer({ ...values, host: values.host, port, password });
    if (refusal && !input.saveAnyway) {
      throw badRequest(`${refusal} Nothing was saved; tick "save anyway" to keep these settings.`, [
        { field: 'host', rule: 'must be an SMTP server that accepts the connection', message: refusal },
      ]);
    }
    lastCheck = refusal;
  }
  const row = {
    ...values,
    passwordSealed: password ? services.secrets.seal(password) : null,
    lastCheck,
    updatedAt: new Date(),
    updatedBy: session.userId,
  };
  const [saved] = before
    ? await ctx.db.update(emailSettings).set(row).where(eq(emailSettings.id, before.id)).returning()
    : await ctx.db
        .insert(emailSettings)
        .values({ ...row, companyId: session.companyId })
        .onConflictDoNothing({ target: emailSettings.companyId })
        .returning();
  if (!saved) throw conflict('The e-mail settings were saved by someone else at the same moment. Try again.');
  if (input.templates) await saveTemplates(ctx, input.templates);

  const { copyUserIds: _copies, ...plain } = values;
  const changes = diff(
    {
      host: before?.host ?? null,
      port: before?.port ?? null,
      secure: before?.secure ?? false,
      user: before?.user ?? null,
      fromName: before?.fromName ?? null,
      fromAddress: before?.fromAddress ?? null,
    },
    plain,
  );
  if (input.password) changes.password = { before: null, after: 'password changed' };
  if (input.clearPassword && before?.passwordSealed) changes.password = { before: null, after: 'password removed' };
  if (input.templates?.length) {
    changes.templates = { before: null, after: input.templates.map((t) => t.kind).join(', ') };
  }
  if (!before || Object.keys(changes).length > 0) {
    await recordAudit(ctx, {
      entityType: 'email_settings',
      entityId: saved.id,
      action: before ? 'updated' : 'created',
      changes,
    });
  }
  return saved;
}
