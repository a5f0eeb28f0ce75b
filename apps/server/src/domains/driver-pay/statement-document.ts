import { and, eq, inArray } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { bookingStops } from '../bookings/schema';
import { companyFacts } from '../company/facts';
import { signedInDriverId } from '../driver-app/signed-in-driver';
import { drivers } from '../drivers/schema';
import { documentLook } from '../invoicing/documents/model';
import {
  documentBytes,
  fileAnswer,
  PDF,
  storeDocument,
  storedDocument,
  type StoredDocument,
} from '../invoicing/documents/store';
import { statementDetails } from './lists';
import { driverStatements } from './schema';
import { renderStatementPdf, type StatementDocumentModel, type StatementExtraLine } from './statement-pdf';

type Ctx = CallContext<Session>;

const KIND = 'driverStatementPdf';

/** `Statement-DS-2026-00001.pdf`; a draft's `Statement-draft-17.pdf`. */
const fileName = (s: { id: number; statementNo: string | null }) =>
  `Statement-${s.statementNo ?? `draft-${s.id}`}.pdf`.replace(/[^\w.-]+/g, '-');

/** "SW1A 1AA" or the address's first part: enough to know the job again. */
const place = (stop: { address: string; postcode: string | null } | undefined) =>
  stop ? stop.postcode?.trim() || stop.address.split(',')[0]!.trim() : '';

/** The day and time of an instant on the company's clock. */
function clockOf(at: string, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const amountOf = (item: Record<string, unknown>) => Number(item.amount ?? 0);
const textOf = (item: Record<string, unknown>) =>
  [item.label, item.detail].filter((v) => typeof v === 'string' && v).join(': ');

/** Reads the caller's company's statement as its PDF prints it (404 for another company's). */
export async function loadStatementModel(ctx: Ctx, id: number): Promise<StatementDocumentModel> {
  const companyId = ctx.session.companyId;
  const s = await statementDetails(ctx, id);
  const [driver] = await ctx.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.id, s.driverId)));
  if (!driver) throw notFound(`Driver ${s.driverId}`);
  const bookingIds = s.jobs.map((j) => j.bookingId);
  const stops = bookingIds.length
    ? await ctx.db
        .select({
          bookingId: bookingStops.bookingId,
          seq: bookingStops.seq,
          kind: bookingStops.kind,
          address: bookingStops.address,
          postcode: bookingStops.postcode,
        })
        .from(bookingStops)
        .where(and(eq(bookingStops.companyId, companyId), inArray(bookingStops.bookingId, bookingIds)))
        .orderBy(bookingStops.bookingId, bookingStops.seq)
    : [];
  const routeOf = (bookingId: number) => {
    const own = stops.filter((x) => x.bookingId === bookingId);
    const from = place(own.find((x) => x.kind === 'pickup'));
    const to = place(own.findLast((x) => x.kind === 'dropoff'));
    return [from, to].filter(Boolean).join(' - ');
  };
  const look = await documentLook(ctx);
  const { currency, timezone } = await companyFacts(ctx);
  const lines: StatementExtraLine[] = [
    ...s.bonusItems
      .filter((b) => amountOf(b) !== 0)
      .map((b) => ({ kind: 'bonus', text: textOf(b), bookingId: null, amountMinor: amountOf(b) })),
    ...s.lines.map((l) => ({ kind: l.kind, text: l.reason, bookingId: l.bookingId, amountMinor: l.amountMinor })),
    ...s.deductionItems
      .filter((d) => amountOf(d) !== 0)
      .map((d) => ({ kind: 'deduction', text: textOf(d), bookingId: null, amountMinor: -amountOf(d) })),
  ];
  const approvedAt = s.approvedAt ? new Date(s.approvedAt) : null;
  return {
    id: s.id,
    draft: s.status === 'generated' || s.status === 'attention',
    statementNo: s.statementNo,
    status: s.status,
    periodFrom: s.periodFrom,
    periodTo: s.periodTo,
    approvedDay: s.approvedAt ? clockOf(s.approvedAt, timezone).day : null,
    approvedAt,
    currency,
    company: look.party,
    driver: {
      name: `${driver.firstName} ${driver.lastName}`.trim(),
      callsign: driver.callsign,
      address:
        [driver.address, driver.postcode]
          .map((p) => p?.trim())
          .filter(Boolean)
          .join('\n') || null,
      vatNumber: null,
    },
    jobs: s.jobs.map((j) => {
      const at = clockOf(j.pickupAt, timezone);
      return {
        bookingId: j.bookingId,
        pickupDay: at.day,
        pickupTime: at.time,
        route: routeOf(j.bookingId),
        paymentMethod: j.paymentMethod,
        fareMinor: j.fareMinor,
        payMinor: j.payMinor,
      };
    }),
    lines,
    totals: {
      earnedMinor: s.earnedMinor,
      cashCollectedMinor: s.cashCollectedMinor,
      bonusesMinor: s.bonusesMinor,
      expensesMinor: s.expensesMinor,
      adjustmentsMinor: s.adjustmentsMinor,
      deductionsMinor: s.deductionsMinor,
      netMinor: s.netMinor,
      settledMinor: s.settledMinor,
      dueMinor: s.dueMinor,
    },
    look,
  };
}

const isIssued = (status: string) => status === 'approved' || status === 'settled';

/**
 * An approved (or settled) statement's stored PDF: stored at its first request with its SHA-256 and
 * answered from the store ever after, so the office, the driver and the e-mail get the same bytes.
 */
export async function issuedStatementDocument(
  ctx: Ctx,
  s: { id: number; statementNo: string | null },
): Promise<StoredDocument> {
  const owner = { driverStatementId: s.id };
  return (
    (await storedDocument(ctx, owner, KIND)) ??
    (await storeDocument(ctx, owner, KIND, {
      fileName: fileName(s),
      contentType: PDF,
      bytes: await renderStatementPdf(await loadStatementModel(ctx, s.id)),
    }))
  );
}

/** The statement's PDF: the stored one once approved; one not yet approved is rendered now, marked DRAFT, and never stored. */
async function statementDocument(ctx: Ctx, id: number) {
  const [s] = await ctx.db
    .select({ id: driverStatements.id, status: driverStatements.status, statementNo: driverStatements.statementNo })
    .from(driverStatements)
    .where(and(eq(driverStatements.companyId, ctx.session.companyId), eq(driverStatements.id, id)));
  if (!s) throw notFound(`Driver statement ${id}`);
  if (!isIssued(s.status)) {
    const bytes = await renderStatementPdf(await loadStatementModel(ctx, id));
    return fileAnswer({ fileName: fileName(s), contentType: PDF, bytes }, null);
  }
  const stored = await issuedStatementDocument(ctx, s);
  return fileAnswer(
    { fileName: stored.fileName, contentType: stored.contentType, bytes: await documentBytes(ctx, stored) },
    stored,
  );
}

/** GetGenerateDocumentDriverPayment: any statement of the company. */
export const officeStatementDocument = (ctx: Ctx, id: number) => statementDocument(ctx, id);

/**
 * …ForDriverApp: the signed-in driver's own approved or settled statement. Another driver's, or one
 * not yet approved (a draft the office may still change), does not exist for them: 404.
 */
export async function ownStatementDocument(ctx: Ctx, id: number) {
  const driverId = signedInDriverId(ctx);
  const [s] = await ctx.db
    .select({ status: driverStatements.status })
    .from(driverStatements)
    .where(
      and(
        eq(driverStatements.companyId, ctx.session.companyId),
        eq(driverStatements.id, id),
        eq(driverStatements.driverId, driverId),
      ),
    );
  if (!s || !isIssued(s.status)) throw notFound(`Driver statement ${id}`);
  return statementDocument(ctx, id);
}
