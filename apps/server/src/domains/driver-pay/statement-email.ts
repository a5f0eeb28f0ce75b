import { and, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { companies } from '../company/schema';
import { drivers } from '../drivers/schema';
import { dayText, money } from '../invoicing/documents/words';
import { queueOutbox } from '../notifications/outbox';
import { driverStatements } from './schema';
import { issuedStatementDocument } from './statement-document';

type Ctx = CallContext<Session>;

/**
 * DrvrPayment/SendDriverStatementEmail: the approved (or settled) statement to its driver's e-mail
 * address, through the outbox like an invoice (delivered after the commit, retried by the outbox),
 * with the stored PDF attached, so the driver gets the bytes the office and the driver app read.
 */
export async function sendStatementEmail(ctx: Ctx, id: number) {
  const companyId = ctx.session.companyId;
  const [row] = await ctx.db
    .select({
      statement: driverStatements,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      email: drivers.email,
      companyName: companies.name,
      locale: companies.locale,
      dateFormat: companies.dateFormat,
      currency: companies.currency,
    })
    .from(driverStatements)
    .innerJoin(
      drivers,
      and(eq(drivers.companyId, driverStatements.companyId), eq(drivers.id, driverStatements.driverId)),
    )
    .innerJoin(companies, eq(companies.id, driverStatements.companyId))
    .where(and(eq(driverStatements.companyId, companyId), eq(driverStatements.id, id)));
  if (!row) throw notFound(`Driver statement ${id}`);
  const { statement } = row;
  if (statement.status !== 'approved' && statement.status !== 'settled') {
    throw conflict(`Driver statement ${id} is not approved yet: approve it before e-mailing it to the driver.`, {
      currentStatus: statement.status,
    });
  }
  const driverName = `${row.firstName} ${row.lastName}`.trim();
  const to = row.email?.trim().toLowerCase();
  if (!to) {
    throw fieldError(
      'email',
      'is required',
      `Driver ${driverName} (${statement.driverId}) has no e-mail address: add one to the driver's profile.`,
    );
  }
  const statementNo = statement.statementNo!;
  const document = await issuedStatementDocument(ctx, { id, statementNo });
  const net = money(Math.abs(statement.netMinor), row.currency, row.locale);
  const outcome =
    statement.netMinor > 0
      ? `We pay you ${net}.`
      : statement.netMinor < 0
        ? `You owe us ${net}.`
        : 'It nets to nothing.';
  const period = `${dayText(statement.periodFrom, row.dateFormat)} to ${dayText(statement.periodTo, row.dateFormat)}`;
  await queueOutbox(ctx, [
    {
      channel: 'email',
      recipient: to,
      subject: `Statement ${statementNo} from ${row.companyName}`,
      body: [
        `Dear ${row.firstName || driverName},`,
        `Please find attached your statement ${statementNo} for ${period}. ${outcome}`,
        `Kind regards,\n${row.companyName}`,
      ].join('\n\n'),
      event: 'driver_statement',
      facts: {
        driverName: row.firstName || driverName,
        statementNo,
        period,
        outcome,
        companyName: row.companyName,
      },
      attachments: [{ fileKey: document.fileKey, fileName: document.fileName, contentType: document.contentType }],
    },
  ]);
  await recordAudit(ctx, {
    entityType: 'driverStatement',
    entityId: id,
    action: 'e-mailed',
    changes: { to: { before: null, after: to } },
  });
  return {
    data: { statementId: id, statementNo, sentTo: to },
    message: `Statement ${statementNo} is on its way to ${to}.`,
  };
}
