import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Services } from '../../platform/services';
import { users } from '../auth/schema';
import type { MailChannel, MailMessage } from '../notifications/channels';
import { openOrNull } from '../payments/configuration-view';
import { emailSettings } from './schema';

type Row = typeof emailSettings.$inferSelect;

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  fromName: string | null;
  fromAddress: string | null;
}

/** A server that does not answer must not hold a call (or a delivery job) for minutes. */
const TIMEOUTS = { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 15_000 };

export function transportOf(server: SmtpServer) {
  const options: SMTPTransport.Options = {
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
    ...TIMEOUTS,
  };
  return nodemailer.createTransport(options);
}

/** `"Name" <address>`, or the address alone; null when the company set no sender. */
export function senderOf(server: Pick<SmtpServer, 'fromName' | 'fromAddress'>, fallback: string): string {
  if (!server.fromAddress) return fallback;
  return server.fromName ? `"${server.fromName.replace(/"/g, "'")}" <${server.fromAddress}>` : server.fromAddress;
}

/** Why a server refused, in words an office can act on. */
export function refusalOf(error: unknown, server: Pick<SmtpServer, 'host' | 'port'>): string {
  const e = error as { code?: string; response?: string; message?: string };
  const where = `${server.host}:${server.port}`;
  // nodemailer reports a refused or lost connection as a socket error; the system's code is in its message.
  const code = /\b(ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ECONNRESET)\b/.exec(e.message ?? '')?.[1] ?? e.code;
  switch (code) {
    case 'EHOSTUNREACH':
    case 'ECONNREFUSED':
      return `Nothing answers at ${where}: check the host and port.`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return `The SMTP server at ${where} did not answer in time.`;
    case 'EDNS':
    case 'ENOTFOUND':
      return `The host ${server.host} was not found.`;
    case 'EAUTH':
      return `The SMTP server at ${where} refused the user name or password: ${e.response ?? e.message ?? ''}`.trim();
    case 'ETLS':
    case 'ESOCKET':
      return `The connection to ${where} failed (${e.message ?? 'TLS or socket error'}): check the port and the secure setting.`;
    default:
      return `The SMTP server at ${where} refused: ${e.response ?? e.message ?? String(error)}`;
  }
}

/** Tries the server (connect, greet, log in when a user is set) and closes; the refusal's words, or null. */
export async function checkServer(server: SmtpServer): Promise<string | null> {
  const transport = transportOf(server);
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return refusalOf(error, server);
  } finally {
    transport.close();
  }
}

/** The saved row as a server to connect to; null without a host (the environment's SMTP applies). */
export function serverOf(services: Services, row: Row | undefined): SmtpServer | null {
  if (!row?.host) return null;
  return {
    host: row.host,
    port: row.port ?? (row.secure ? 465 : 587),
    secure: row.secure,
    user: row.user,
    password: row.passwordSealed ? openOrNull(services, row.passwordSealed) : null,
    fromName: row.fromName,
    fromAddress: row.fromAddress,
  };
}

/** The company's own SMTP server: one connection per message, so a changed setting applies at once. */
class CompanySmtp implements MailChannel {
  constructor(
    private readonly server: SmtpServer,
    private readonly from: string,
    private readonly bcc: string[],
  ) {}

  async send(message: MailMessage): Promise<'sent'> {
    const transport = transportOf(this.server);
    try {
      await transport.sendMail({ from: this.from, ...(this.bcc.length ? { bcc: this.bcc } : {}), ...message });
      return 'sent';
    } finally {
      transport.close();
    }
  }
}

/** Adds the company's copies to the environment's channel. */
const withCopies = (channel: MailChannel, bcc: string[]): MailChannel =>
  bcc.length ? { send: (message) => channel.send({ ...message, bcc }) } : channel;

export async function companySettingsRow(db: Db, companyId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.companyId, companyId));
  return row;
}

async function copyAddresses(db: Db, companyId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), eq(users.isActive, true)));
  return rows.map((r) => r.email);
}

/**
 * The channel a company's mail goes through: its own SMTP server when it saved one, else the
 * environment's (SMTP_URL, or held in the outbox); with the copies it asked for.
 */
export async function companyMailChannel(
  services: Services,
  db: Db,
  companyId: number,
  fallback: MailChannel,
): Promise<MailChannel> {
  const row = await companySettingsRow(db, companyId);
  const bcc = await copyAddresses(db, companyId, row?.copyUserIds ?? []);
  const server = serverOf(services, row);
  if (!server) {
    const from = row?.fromAddress ? senderOf(row, services.config.mailFrom) : null;
    const channel: MailChannel = from ? { send: (m) => fallback.send({ ...m, from }) } : fallback;
    return withCopies(channel, bcc);
  }
  return new CompanySmtp(server, senderOf(server, services.config.mailFrom), bcc);
}
