import { and, asc, eq, inArray } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { type CallContext, handlers } from '../../platform/http/context';
import { badRequest, conflict, fieldError } from '../../platform/http/errors';
import { searchAny } from '../../platform/http/list';
import { users } from '../auth/schema';
import { companyLook } from '../company/look';
import { companyMail } from '../notifications/mail-look';
import { pageOf } from '../pay-rules/parts';
import { saveEmailSettings } from './save';
import { emailSettings } from './schema';
import { companySettingsRow, refusalOf, senderOf, serverOf, type SmtpServer, transportOf } from './smtp';
import { settingsView } from './view';

type Ctx = CallContext<Session>;

async function lockedRow(ctx: Ctx) {
  const [row] = await ctx.db
    .select()
    .from(emailSettings)
    .where(eq(emailSettings.companyId, ctx.session.companyId))
    .for('update');
  return row;
}

const view = (ctx: Ctx, row: Awaited<ReturnType<typeof lockedRow>>) =>
  settingsView(ctx.services, ctx.db, ctx.session.companyId, row);

const savedMessage = (row: { lastCheck: string | null }) =>
  row.lastCheck ? `E-mail settings saved, although the server refused: ${row.lastCheck}` : 'E-mail settings saved.';

/** The server a test mail goes through: the one typed on the screen, else the saved one. */
async function testServer(ctx: Ctx, input: schemas.TestMailInput): Promise<SmtpServer> {
  const saved = serverOf(ctx.services, await companySettingsRow(ctx.db, ctx.session.companyId));
  if (!input.host) {
    if (!saved) {
      throw fieldError('host', 'is required when no SMTP server is saved', 'SMTP host is required: none is saved yet.');
    }
    return saved;
  }
  const secure = input.secure ?? false;
  const sameServer = saved?.host === input.host;
  return {
    host: input.host,
    port: input.port ?? (secure ? 465 : 587),
    secure,
    user: input.user ?? null,
    // A password left empty on the screen is the saved one of the same server.
    password: input.password ?? (sameServer ? saved.password : null),
    fromName: input.fromName ?? saved?.fromName ?? null,
    fromAddress: input.fromAddress ?? saved?.fromAddress ?? null,
  };
}

async function sendTestMail(ctx: Ctx, input: schemas.TestMailInput) {
  const server = await testServer(ctx, input);
  const look = await companyLook(ctx.db, ctx.session.companyId);
  const subject = `Test mail from ${look.name}`;
  const text = `This is a test mail from ${look.name}.\n\nIt went through the SMTP server ${server.host}:${server.port}. If you can read it, the company's mail will arrive.`;
  const transport = transportOf(server);
  try {
    const info = await transport.sendMail({
      from: senderOf(server, ctx.services.config.mailFrom),
      to: input.to,
      subject,
      text,
      ...companyMail(look, look.logoUrl, subject, text),
    });
    return {
      data: { to: input.to, host: server.host, port: server.port, serverAnswer: String(info.response ?? 'accepted') },
      message: `The test mail to ${input.to} was accepted by ${server.host}:${server.port}.`,
    };
  } catch (error) {
    const refusal = refusalOf(error, server);
    throw badRequest(refusal, [
      { field: 'host', rule: 'must be an SMTP server that accepts the mail', message: refusal },
    ]);
  } finally {
    transport.close();
  }
}

export const emailSettingsHandlers = handlers({
  'EmailSettings/GetTableSummary': async (input, ctx) => {
    const row = await companySettingsRow(ctx.db, ctx.session.companyId);
    return pageOf(input, [await view(ctx, row)]);
  },

  'EmailSettings/GetUsers': async (input, ctx) => {
    const row = await companySettingsRow(ctx.db, ctx.session.companyId);
    const copies = new Set(row?.copyUserIds ?? []);
    const office = await ctx.db
      .select({ id: users.id, name: users.fullName, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.companyId, ctx.session.companyId),
          eq(users.isActive, true),
          inArray(users.kind, ['admin', 'staff']),
          searchAny(input.q, [users.fullName, users.email]),
        ),
      )
      .orderBy(asc(users.fullName), asc(users.id));
    return pageOf(
      input,
      office.map((u) => ({ ...u, receivesCopies: copies.has(u.id) })),
    );
  },

  'EmailSettings/Create': async (input, ctx) => {
    if (await lockedRow(ctx))
      throw conflict('The e-mail settings are saved already: change them with EmailSettings/Update.');
    const saved = await saveEmailSettings(ctx, input, undefined);
    return { data: await view(ctx, saved), message: savedMessage(saved) };
  },

  'EmailSettings/Update': async (input, ctx) => {
    const saved = await saveEmailSettings(ctx, input, await lockedRow(ctx));
    return { data: await view(ctx, saved), message: savedMessage(saved) };
  },

  'EmailSettings/SendTestMail': (input, ctx) => sendTestMail(ctx, input),

  'EmailSettings/PreviewTemplate': async (input, ctx) => {
    const look = await companyLook(ctx.db, ctx.session.companyId);
    const facts = { ...schemas.sampleFacts[input.kind], companyName: look.name };
    const subject = schemas.renderTemplate(input.subject, facts);
    const text = schemas.renderTemplate(input.body, facts);
    return { kind: input.kind, subject, text, html: companyMail(look, look.logoUrl, subject, text).html };
  },
});
