import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { companies } from '../../platform/tenancy/companies';
import { clients } from '../clients/schema';
import { taxes } from '../reference-data/schema';
import { billableJobs, billingClientOf, requireBillable, type BillableJob } from './billable';
import { addExpenseLines, dropOrphanExpenseLines } from './expense-lines';
import { invoiceLines, invoices } from './schema';
import { lineMoney } from './totals';

type Ctx = CallContext<Session>;
type Invoice = typeof invoices.$inferSelect;

/** What pricing an invoice's lines needs from the company. */
export interface InvoiceCompany {
  timezone: string;
  currency: string;
  isVatRegistered: boolean;
  vatRateBp: number;
  pricesIncludeVat: boolean;
  name: string;
  address: string | null;
  vatNumber: string | null;
}

export async function invoiceCompany(ctx: Ctx): Promise<InvoiceCompany> {
  const [c] = await ctx.db
    .select({
      timezone: companies.timezone,
      currency: companies.currency,
      isVatRegistered: companies.isVatRegistered,
      vatRateBp: companies.vatRateBp,
      pricesIncludeVat: companies.pricesIncludeVat,
      name: companies.name,
      address: companies.address,
      postcode: companies.postcode,
      vatNumber: companies.vatNumber,
    })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  if (!c) throw notFound('The company');
  return { ...c, address: [c.address, c.postcode].filter(Boolean).join(', ') || null };
}

/** The client an invoice is for, with the VAT rate its lines take (its tax, else the company's). */
export async function invoiceClient(ctx: Ctx, clientId: number, company: InvoiceCompany) {
  const [c] = await ctx.db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      address: clients.address,
      postcode: clients.postcode,
      vatNumber: clients.vatNumber,
      invoicePeriod: clients.invoicePeriod,
      invoiceSplit: clients.invoiceSplit,
      taxRateBp: taxes.rateBp,
    })
    .from(clients)
    .leftJoin(taxes, and(eq(taxes.companyId, clients.companyId), eq(taxes.id, clients.taxId)))
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
  if (!c) throw notFound(`Client ${clientId}`);
  const vatRateBp = c.taxRateBp ?? company.vatRateBp;
  return { ...c, address: [c.address, c.postcode].filter(Boolean).join(', ') || null, vatRateBp };
}

export type InvoiceClient = Awaited<ReturnType<typeof invoiceClient>>;

/** An invoice of the caller's company, locked for the change; 404 when it is not there. */
export async function lockInvoice(ctx: Ctx, id: number): Promise<Invoice> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, id)))
    .for('update');
  if (!row) throw notFound(`Invoice ${id}`);
  return row;
}

export const invoiceName = (i: Pick<Invoice, 'id' | 'invoiceNo'>) => i.invoiceNo ?? `draft #${i.id}`;

/** A draft, locked: an issued invoice never changes (a credit note corrects it). */
export async function lockDraft(ctx: Ctx, id: number): Promise<Invoice> {
  const row = await lockInvoice(ctx, id);
  if (row.status !== 'draft') {
    throw conflict(
      `Invoice ${invoiceName(row)} is ${row.status.replace('_', ' ')}: an issued invoice cannot be changed; correct it with a credit note.`,
      { status: row.status },
    );
  }
  return row;
}

/**
 * Adds jobs as lines at the end of a draft, priced at the job's price with the client's VAT rate, then
 * the approved expenses of those jobs that the client pays. A job another call put on an invoice a
 * moment ago is a 409 (the unique index decides).
 */
export async function addJobLines(
  ctx: Ctx,
  invoiceId: number,
  jobs: BillableJob[],
  client: InvoiceClient,
  company: InvoiceCompany,
): Promise<void> {
  if (!jobs.length) return;
  const companyId = ctx.session.companyId;
  const [last] = await ctx.db
    .select({ position: sql<number>`coalesce(max(${invoiceLines.position}), 0)::int` })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)));
  let position = last?.position ?? 0;
  const values = jobs.map((j) => {
    const m = lineMoney(j.priceMinor, client.vatRateBp, company.pricesIncludeVat);
    position += 1;
    // A child account's job on its parent's invoice names the child (the department) first.
    const forChild = j.clientId !== client.id ? j.clientName : null;
    return {
      companyId,
      invoiceId,
      bookingId: j.bookingId,
      position,
      serviceDate: j.serviceDate,
      description: `${j.status === 'no_show' ? 'No-show' : 'Journey'} ${j.bookingId}${forChild ? ` for ${forChild}` : ''}`,
      reference: forChild ? [forChild, j.reference].filter(Boolean).join(' · ') : j.reference,
      passengerName: j.passengerName,
      route: j.route,
      quantity: 1,
      unitPriceMinor: j.priceMinor,
      ...m,
      breakdown: j.breakdown,
    };
  });
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    const made = await ctx.db
      .insert(invoiceLines)
      .values(chunk)
      .onConflictDoNothing({
        target: [invoiceLines.companyId, invoiceLines.bookingId],
        where: sql`booking_id is not null`,
      })
      .returning({ bookingId: invoiceLines.bookingId });
    if (made.length !== chunk.length) {
      const got = new Set(made.map((m) => m.bookingId));
      const lost = chunk.find((v) => !got.has(v.bookingId));
      throw conflict(`Booking ${lost?.bookingId} is already on another invoice: a job is billed once.`, {
        bookingId: lost?.bookingId,
      });
    }
  }
  await addExpenseLines(
    ctx,
    invoiceId,
    jobs.map((j) => j.bookingId),
    company.timezone,
  );
  await resetTotals(ctx, invoiceId);
}

/**
 * The invoice's sums from its lines, and its lines numbered 1, 2, 3… again. The renumbering names the
 * invoice on both sides: with the company alone on the updated side, a planner that thought the
 * company had few lines joined every line of the company to the invoice's, and generation grew
 * quadratic (issue 16's bench: 0.7 s a client by the 10,000th line).
 */
export async function resetTotals(ctx: Ctx, invoiceId: number): Promise<void> {
  const companyId = ctx.session.companyId;
  await ctx.db.execute(sql`
    update invoice_lines l set position = n.position
    from (select id, row_number() over (order by position, id)::smallint as position from invoice_lines
          where company_id = ${companyId} and invoice_id = ${invoiceId}) n
    where l.company_id = ${companyId} and l.invoice_id = ${invoiceId} and l.id = n.id and l.position <> n.position`);
  await ctx.db.execute(sql`
    update invoices i set net_minor = s.net, vat_minor = s.vat, gross_minor = s.gross, updated_at = now()
    from (select coalesce(sum(net_minor), 0) as net, coalesce(sum(vat_minor), 0) as vat,
                 coalesce(sum(gross_minor), 0) as gross
          from invoice_lines where company_id = ${companyId} and invoice_id = ${invoiceId}) s
    where i.company_id = ${companyId} and i.id = ${invoiceId}`);
}

export interface DraftHeader {
  clientReference?: string | null | undefined;
  notes?: string | null | undefined;
  dueDate?: string | null | undefined;
  paymentTermsDays?: number | undefined;
}

/** A new empty draft for a client. */
export async function newDraft(
  ctx: Ctx,
  client: InvoiceClient,
  company: InvoiceCompany,
  extra: DraftHeader & {
    periodFrom?: string | null;
    periodTo?: string | null;
    passengerId?: number | null;
    splitReference?: string | null;
    runId?: number | null;
  } = {},
): Promise<number> {
  const [made] = await ctx.db
    .insert(invoices)
    .values({
      companyId: ctx.session.companyId,
      clientId: client.id,
      currency: company.currency,
      passengerId: extra.passengerId ?? null,
      splitReference: extra.splitReference ?? null,
      periodFrom: extra.periodFrom ?? null,
      periodTo: extra.periodTo ?? null,
      runId: extra.runId ?? null,
      clientReference: extra.clientReference ?? null,
      notes: extra.notes ?? null,
      dueDate: extra.dueDate ?? null,
      ...(extra.paymentTermsDays !== undefined ? { paymentTermsDays: extra.paymentTermsDays } : {}),
    })
    .returning({ id: invoices.id });
  return made?.id as number;
}

/**
 * BookingInvoice/Create: a draft for a client from chosen jobs or its jobs of a period; with id, a
 * draft's header. A child account billed through its parent gets no invoice of its own: the draft
 * is the parent's (the billing client's), holding the child's jobs.
 */
export async function createDraft(
  ctx: Ctx,
  input: DraftHeader & {
    id?: number | undefined;
    clientID?: number | undefined;
    bookingIds?: number[] | undefined;
    fromDate?: string | undefined;
    toDate?: string | undefined;
  },
): Promise<number> {
  if (input.id !== undefined) {
    const draft = await lockDraft(ctx, input.id);
    await updateHeader(ctx, draft.id, input);
    return draft.id;
  }
  const company = await invoiceCompany(ctx);
  const asked = await invoiceClient(ctx, input.clientID as number, company);
  const billTo = await billingClientOf(ctx, asked.id);
  const client = billTo === asked.id ? asked : await invoiceClient(ctx, billTo, company);
  let jobs: BillableJob[];
  if (input.bookingIds?.length) {
    jobs = await requireBillable(ctx, asked.id, input.bookingIds, company.timezone);
  } else {
    jobs = await billableJobs(
      ctx,
      { clientId: asked.id, fromDate: input.fromDate, toDate: input.toDate },
      company.timezone,
    );
    if (!jobs.length) {
      throw conflict(
        `${asked.name} has no validated account jobs to invoice from ${input.fromDate} to ${input.toDate}: nothing was made.`,
      );
    }
  }
  const days = jobs.map((j) => j.serviceDate).sort();
  const id = await newDraft(ctx, client, company, {
    ...input,
    periodFrom: input.fromDate ?? days[0] ?? null,
    periodTo: input.toDate ?? days.at(-1) ?? null,
  });
  await addJobLines(ctx, id, jobs, client, company);
  return id;
}

export async function updateHeader(ctx: Ctx, id: number, h: DraftHeader): Promise<void> {
  const set: Partial<typeof invoices.$inferInsert> = {};
  if (h.clientReference !== undefined) set.clientReference = h.clientReference;
  if (h.notes !== undefined) set.notes = h.notes;
  if (h.dueDate !== undefined) set.dueDate = h.dueDate;
  if (h.paymentTermsDays !== undefined) set.paymentTermsDays = h.paymentTermsDays;
  if (!Object.keys(set).length) return;
  await ctx.db
    .update(invoices)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, id)));
}

/** BookingInvoice/UpdateInvoiceData: lines added, removed, repriced with a reason; the header. */
export async function updateDraft(
  ctx: Ctx,
  input: DraftHeader & {
    id: number;
    addBookingIds?: number[] | undefined;
    removeLineIds?: number[] | undefined;
    prices?: { lineId: number; priceMinor: number; reason: string }[] | undefined;
  },
): Promise<void> {
  const draft = await lockDraft(ctx, input.id);
  const companyId = ctx.session.companyId;
  if (input.removeLineIds?.length) await removeLines(ctx, draft.id, input.removeLineIds);
  if (input.prices?.length) {
    const company = await invoiceCompany(ctx);
    const lineIds = input.prices.map((p) => p.lineId);
    const lines = await ctx.db
      .select()
      .from(invoiceLines)
      .where(
        and(
          eq(invoiceLines.companyId, companyId),
          eq(invoiceLines.invoiceId, draft.id),
          inArray(invoiceLines.id, lineIds),
        ),
      );
    for (const p of input.prices) {
      const line = lines.find((l) => l.id === p.lineId);
      if (!line) throw notFound(`Line ${p.lineId} of invoice ${invoiceName(draft)}`);
      const priced = line.pricedGrossMinor ?? line.unitPriceMinor * line.quantity;
      const m = lineMoney(p.priceMinor, line.vatRateBp, company.pricesIncludeVat);
      const back = p.priceMinor === (line.pricedGrossMinor ?? line.unitPriceMinor);
      await ctx.db
        .update(invoiceLines)
        .set({
          unitPriceMinor: p.priceMinor,
          quantity: 1,
          ...m,
          pricedGrossMinor: back ? null : priced,
          overrideReason: back ? null : p.reason,
        })
        .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.id, line.id)));
    }
  }
  if (input.addBookingIds?.length) {
    const company = await invoiceCompany(ctx);
    const client = await invoiceClient(ctx, draft.clientId, company);
    const jobs = await requireBillable(ctx, client.id, input.addBookingIds, company.timezone);
    await addJobLines(ctx, draft.id, jobs, client, company);
  }
  await updateHeader(ctx, draft.id, input);
  await resetTotals(ctx, draft.id);
}

async function removeLines(ctx: Ctx, invoiceId: number, lineIds: number[]): Promise<void> {
  const gone = await ctx.db
    .delete(invoiceLines)
    .where(
      and(
        eq(invoiceLines.companyId, ctx.session.companyId),
        eq(invoiceLines.invoiceId, invoiceId),
        inArray(invoiceLines.id, lineIds),
      ),
    )
    .returning({ id: invoiceLines.id });
  const missing = lineIds.find((id) => !gone.some((g) => g.id === id));
  if (missing !== undefined) throw notFound(`Line ${missing} of this invoice`);
  // A job's expenses billed to the client leave with the job.
  await dropOrphanExpenseLines(ctx, invoiceId);
}

/** BookingInvoice/DeleteEdit: one line off its draft. Answers the invoice's id. */
export async function deleteLine(ctx: Ctx, lineId: number): Promise<number> {
  const [line] = await ctx.db
    .select({ invoiceId: invoiceLines.invoiceId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, ctx.session.companyId), eq(invoiceLines.id, lineId)));
  if (!line) throw notFound(`Invoice line ${lineId}`);
  await lockDraft(ctx, line.invoiceId);
  await removeLines(ctx, line.invoiceId, [lineId]);
  await resetTotals(ctx, line.invoiceId);
  return line.invoiceId;
}

/** BookingInvoice/Delete: a draft and its lines; its jobs are billable again. */
export async function deleteDraft(ctx: Ctx, id: number): Promise<void> {
  const row = await lockInvoice(ctx, id);
  if (row.status !== 'draft') {
    throw conflict(`Invoice ${invoiceName(row)} is issued: it cannot be deleted; correct it with a credit note.`, {
      status: row.status,
    });
  }
  await ctx.db.delete(invoices).where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, id)));
}

/** BookingInvoice/UpdateAttentionRequired. */
export async function setAttention(
  ctx: Ctx,
  input: { id: number; attentionRequired: boolean; reason?: string | null | undefined },
): Promise<void> {
  const draft = await lockDraft(ctx, input.id);
  await ctx.db
    .update(invoices)
    .set({
      attentionRequired: input.attentionRequired,
      attentionReason: input.attentionRequired ? (input.reason ?? null) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, draft.id)));
}
