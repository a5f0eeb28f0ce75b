import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { countRows, listPage } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { joinAnd, minor, orderBy } from '../payments/finance-filters';
import { billableJobs, billingMap, filterWhere, jobColumns, jobFrom, type BillableJob } from './billable';
import { vatTable } from './totals';

type Ctx = CallContext<Session>;
type Row = z.output<typeof schemas.invoiceRow>;
type Details = z.output<typeof schemas.invoiceDetails>;
type ListInput = z.output<typeof schemas.invoiceListInput>;

const iso = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

const rowColumns = sql`i.*, c.name as client_name,
  (select nullif(trim(concat_ws(' ', p.first_name, p.surname)), '') from passengers p
     where p.company_id = i.company_id and p.id = i.passenger_id) as passenger_name,
  (select count(*)::int from invoice_lines l where l.company_id = i.company_id and l.invoice_id = i.id) as line_count`;

const from = sql`invoices i join clients c on c.company_id = i.company_id and c.id = i.client_id`;

function rowOf(r: Record<string, unknown>): Row {
  const gross = minor(r.gross_minor);
  const paid = minor(r.paid_minor);
  const credited = minor(r.credited_minor);
  return {
    id: Number(r.id),
    invoiceNo: (r.invoice_no as string | null) ?? null,
    status: r.status as Row['status'],
    clientId: Number(r.client_id),
    clientName: String(r.client_name),
    passengerId: r.passenger_id === null ? null : Number(r.passenger_id),
    passengerName: (r.passenger_name as string | null) ?? null,
    splitReference: (r.split_reference as string | null) ?? null,
    periodFrom: day(r.period_from),
    periodTo: day(r.period_to),
    issueDate: day(r.issue_date),
    dueDate: day(r.due_date),
    lineCount: Number(r.line_count ?? 0),
    netMinor: minor(r.net_minor),
    vatMinor: minor(r.vat_minor),
    grossMinor: gross,
    paidMinor: paid,
    creditedMinor: credited,
    leftToPayMinor: r.status === 'draft' ? 0 : Math.max(0, gross - paid - credited),
    currency: String(r.currency),
    attentionRequired: Boolean(r.attention_required),
    attentionReason: (r.attention_reason as string | null) ?? null,
    runId: r.run_id === null ? null : Number(r.run_id),
    createdAt: iso(r.created_at) as string,
  };
}

const sortColumns: Record<string, SQL> = {
  createdAt: sql`i.created_at`,
  issueDate: sql`i.issue_date`,
  dueDate: sql`i.due_date`,
  invoiceNo: sql`i.invoice_no`,
  clientName: sql`c.name`,
  grossMinor: sql`i.gross_minor`,
  status: sql`i.status`,
};

async function invoiceList(
  ctx: Ctx,
  input: Pick<ListInput, 'page' | 'perPage' | 'q' | 'sortColumn' | 'sortType'> & {
    fromDate?: string | undefined;
    toDate?: string | undefined;
    clientID?: number | null | undefined;
    statusID?: Row['status'] | undefined;
  },
  extra: SQL[] = [],
) {
  const { timezone } = await companyFacts(ctx);
  if (input.fromDate && input.toDate && input.toDate < input.fromDate)
    throw fieldError('toDate', 'must not be before fromDate');
  const dayOf = sql`coalesce(i.issue_date, (i.created_at at time zone ${timezone})::date)`;
  const parts: SQL[] = [sql`i.company_id = ${ctx.session.companyId}`, ...extra];
  if (input.fromDate) parts.push(sql`${dayOf} >= ${input.fromDate}::date`);
  if (input.toDate) parts.push(sql`${dayOf} <= ${input.toDate}::date`);
  if (input.clientID) parts.push(sql`i.client_id = ${input.clientID}`);
  if (input.statusID) parts.push(sql`i.status = ${input.statusID}`);
  const q = input.q.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byId = /^\d{1,9}$/.test(q) ? sql`or i.id = ${Number(q)}` : sql``;
    parts.push(sql`(i.invoice_no ilike ${like} or c.name ilike ${like} or i.client_reference ilike ${like} ${byId})`);
  }
  const where = joinAnd(parts);
  const order = orderBy(input, sortColumns, 'createdAt', sql`i.id`);
  return listPage(input, {
    count: () => countRows(ctx.db, from, where),
    rows: async (limit, offset) => {
      const res = await ctx.db.execute<Record<string, unknown>>(
        sql`select ${rowColumns} from ${from} where ${where} order by ${order} limit ${limit} offset ${offset}`,
      );
      return res.rows.map(rowOf);
    },
  });
}

/** BookingInvoice/GetTableSummary. */
export const listInvoices = (ctx: Ctx, input: ListInput) => invoiceList(ctx, input);

/** BookingInvoice/GetTableSummaryAttentionRequired: drafts marked for a person. */
export const listAttention = (ctx: Ctx, input: ListInput) =>
  invoiceList(ctx, input, [sql`i.attention_required`, sql`i.status = 'draft'`]);

/** BookingInvoice/GetGeneratedInvoices: drafts of auto-generation runs. */
export const listGenerated = (ctx: Ctx, input: z.output<typeof schemas.generatedInvoiceListInput>) =>
  invoiceList(ctx, input, [
    sql`i.status = 'draft'`,
    input.runId ? sql`i.run_id = ${input.runId}` : sql`i.run_id is not null`,
  ]);

/** One invoice as the lists show it. */
export async function invoiceRowById(ctx: Ctx, id: number): Promise<Row> {
  const res = await ctx.db.execute<Record<string, unknown>>(
    sql`select ${rowColumns} from ${from} where i.company_id = ${ctx.session.companyId} and i.id = ${id}`,
  );
  const r = res.rows[0];
  if (!r) throw notFound(`Invoice ${id}`);
  return rowOf(r);
}

const lineOf = (l: Record<string, unknown>) => ({
  id: Number(l.id),
  bookingId: l.booking_id === null ? null : Number(l.booking_id),
  position: Number(l.position),
  serviceDate: day(l.service_date),
  description: String(l.description),
  reference: (l.reference as string | null) ?? null,
  passengerName: (l.passenger_name as string | null) ?? null,
  route: (l.route as string | null) ?? null,
  quantity: Number(l.quantity),
  unitPriceMinor: minor(l.unit_price_minor),
  netMinor: minor(l.net_minor),
  vatRateBp: Number(l.vat_rate_bp),
  vatMinor: minor(l.vat_minor),
  grossMinor: minor(l.gross_minor),
  pricedGrossMinor: l.priced_gross_minor === null ? null : minor(l.priced_gross_minor),
  overrideReason: (l.override_reason as string | null) ?? null,
});

/** BookingInvoice/GetTableSummaryEditInvoice: an invoice's lines in order. */
export async function listLines(ctx: Ctx, input: z.output<typeof schemas.invoiceLineListInput>) {
  await invoiceRowById(ctx, input.invoiceID);
  const where = sql`l.company_id = ${ctx.session.companyId} and l.invoice_id = ${input.invoiceID}`;
  return listPage(input, {
    count: () => countRows(ctx.db, sql`invoice_lines l`, where),
    rows: async (limit, offset) => {
      const res = await ctx.db.execute<Record<string, unknown>>(
        sql`select l.* from invoice_lines l where ${where} order by l.position, l.id limit ${limit} offset ${offset}`,
      );
      return res.rows.map(lineOf);
    },
  });
}

/** BookingInvoice/GetInvoiceDetails. */
export async function invoiceDetails(ctx: Ctx, id: number): Promise<Details> {
  const companyId = ctx.session.companyId;
  const res = await ctx.db.execute<Record<string, unknown>>(
    sql`select ${rowColumns} from ${from} where i.company_id = ${companyId} and i.id = ${id}`,
  );
  const r = res.rows[0];
  if (!r) throw notFound(`Invoice ${id}`);
  const row = rowOf(r);
  const [lines, docs, last] = await Promise.all([
    ctx.db.execute<Record<string, unknown>>(
      sql`select * from invoice_lines where company_id = ${companyId} and invoice_id = ${id} order by position, id`,
    ),
    ctx.db.execute<Record<string, unknown>>(
      sql`select id, kind, file_name, sha256, created_at from issued_documents
          where company_id = ${companyId} and invoice_id = ${id} order by id`,
    ),
    ctx.db.execute<{ last_number: number }>(
      sql`select last_number from document_counters
          where company_id = ${companyId} and kind = 'invoice' and year = ${Number(r.number_year ?? 0)}`,
    ),
  ]);
  const lineRows = lines.rows.map(lineOf);
  const isDraft = row.status === 'draft';
  const untouched = !r.sent_at && row.paidMinor === 0 && row.creditedMinor === 0;
  return {
    ...row,
    number: r.number === null ? null : Number(r.number),
    paymentTermsDays: Number(r.payment_terms_days),
    clientReference: (r.client_reference as string | null) ?? null,
    notes: (r.notes as string | null) ?? null,
    issuedTo: (r.issued_to as Details['issuedTo']) ?? null,
    issuedBy: (r.issued_by as Details['issuedBy']) ?? null,
    approvedAt: iso(r.approved_at),
    sentAt: iso(r.sent_at),
    paidAt: iso(r.paid_at),
    lines: lineRows,
    vatTable: vatTable(lineRows).rows,
    documents: docs.rows.map((d) => ({
      id: Number(d.id),
      kind: String(d.kind),
      fileName: String(d.file_name),
      sha256: String(d.sha256),
      createdAt: iso(d.created_at) as string,
    })),
    can: {
      edit: isDraft,
      approve: isDraft && lineRows.length > 0,
      unapprove: row.status === 'approved' && untouched && Number(last.rows[0]?.last_number) === Number(r.number),
      delete: isDraft,
    },
  };
}

/** BookingInvoice/GetEditData and GetInvEditData: the draft and the client's jobs that may be added. */
export async function editData(ctx: Ctx, id: number) {
  const invoice = await invoiceDetails(ctx, id);
  const { timezone } = await companyFacts(ctx);
  const jobs = invoice.status === 'draft' ? await billableJobs(ctx, { clientId: invoice.clientId }, timezone, 500) : [];
  return { invoice, billableJobs: jobs.map(jobRow) };
}

export const jobRow = (j: BillableJob) => ({
  bookingId: j.bookingId,
  status: j.status,
  pickupAt: j.pickupAt,
  serviceDate: j.serviceDate,
  passengerId: j.passengerId,
  passengerName: j.passengerName,
  route: j.route,
  reference: j.reference,
  priceMinor: j.priceMinor,
  currency: j.currency,
});

/** BookingInvoice/GetTableSummaryBookingInvoice: each client with jobs to bill (a child billed through its parent counts on the parent). */
export async function listBillableClients(ctx: Ctx, input: z.output<typeof schemas.billableClientListInput>) {
  const { timezone, currency } = await companyFacts(ctx);
  const jobsWhere = filterWhere(
    ctx,
    { clientId: input.clientID, fromDate: input.fromDate, toDate: input.toDate },
    timezone,
  );
  const q = input.q.trim();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const clientFilter = q ? sql`where c.name ilike ${like} or c.account_no ilike ${like}` : sql``;
  const grouped = sql`(select c.id as client_id, c.name as client_name, c.account_no, c.invoice_period, c.invoice_split,
      j.jobs, j.gross, j.first_at, j.last_at
    from (select m.bill_to as client_id, count(*)::int as jobs, sum(b.price_minor)::bigint as gross,
                 min(b.pickup_at) as first_at, max(b.pickup_at) as last_at
          from bookings b join ${billingMap(ctx.session.companyId)} m on m.client_id = b.client_id
          where ${jobsWhere} group by m.bill_to) j
    join clients c on c.company_id = ${ctx.session.companyId} and c.id = j.client_id ${clientFilter}) g`;
  const order = orderBy(
    input,
    { clientName: sql`g.client_name`, jobs: sql`g.jobs`, grossMinor: sql`g.gross`, firstPickupAt: sql`g.first_at` },
    'clientName',
    sql`g.client_id`,
  );
  const direction = input.sortColumn || input.sortType ? order : sql`g.client_name asc, g.client_id asc`;
  return listPage(input, {
    count: () => countRows(ctx.db, grouped, undefined),
    rows: async (limit, offset) => {
      const res = await ctx.db.execute<Record<string, unknown>>(
        sql`select g.* from ${grouped} order by ${direction} limit ${limit} offset ${offset}`,
      );
      return res.rows.map((r) => ({
        clientId: Number(r.client_id),
        clientName: String(r.client_name),
        accountNo: (r.account_no as string | null) ?? null,
        invoicePeriod: String(r.invoice_period),
        invoiceSplit: String(r.invoice_split),
        jobs: Number(r.jobs),
        grossMinor: minor(r.gross),
        firstPickupAt: iso(r.first_at) as string,
        lastPickupAt: iso(r.last_at) as string,
        currency,
      }));
    },
  });
}

/** BookingInvoice/GetTableSummaryClientBookings: a client's billable jobs of a period. */
export async function listClientJobs(ctx: Ctx, input: z.output<typeof schemas.clientBillableListInput>) {
  const { timezone } = await companyFacts(ctx);
  const client = await ctx.db.execute(
    sql`select 1 from clients where company_id = ${ctx.session.companyId} and id = ${input.clientID}`,
  );
  if (!client.rows.length) throw notFound(`Client ${input.clientID}`);
  const parts = [
    filterWhere(ctx, { clientId: input.clientID, fromDate: input.fromDate, toDate: input.toDate }, timezone),
  ];
  const q = input.q.trim().replace(/^#/, '');
  if (q) parts.push(/^\d{1,9}$/.test(q) ? sql`b.id = ${Number(q)}` : sql`false`);
  const where = joinAnd(parts);
  const order = orderBy(
    { ...input, sortType: input.sortType ?? (input.sortColumn ? undefined : 'asc') },
    { pickupAt: sql`b.pickup_at`, bookingId: sql`b.id`, priceMinor: sql`b.price_minor` },
    'pickupAt',
    sql`b.id`,
  );
  return listPage(input, {
    count: () => countRows(ctx.db, sql`bookings b`, where),
    rows: async (limit, offset) => {
      const res = await ctx.db.execute<Parameters<typeof jobFrom>[0]>(
        sql`select ${jobColumns(timezone)} from bookings b where ${where} order by ${order} limit ${limit} offset ${offset}`,
      );
      return res.rows.map((r) => jobRow(jobFrom(r)));
    },
  });
}
