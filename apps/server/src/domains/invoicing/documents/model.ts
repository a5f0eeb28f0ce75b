import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { sniff } from '../../../platform/files/store';
import { clients } from '../../clients/schema';
import { companies } from '../../company/schema';
import { invoiceLines, invoices } from '../schema';
import { vatTable, type VatRow } from '../totals';

type Ctx = CallContext<Session>;

/** A party on a document: who issues it, who it is for. */
export interface Party {
  name: string;
  address: string | null;
  vatNumber: string | null;
}

/** What a document of the company shows of it: name, colour, logo and contact line. */
export interface DocumentLook {
  name: string;
  primaryColor: string;
  /** The company's own picture (PNG or JPEG from `platform/files`), or null: its name is printed instead. */
  logo: Buffer | null;
  contact: string;
  locale: string;
  dateFormat: string;
  timezone: string;
}

export interface DocumentLine {
  position: number;
  bookingId: number | null;
  serviceDate: string | null;
  reference: string | null;
  passengerName: string | null;
  /** The route, or the line's description when it has none (a line typed by hand). */
  route: string;
  description: string;
  quantity: number;
  netMinor: number;
  vatRateBp: number;
  vatMinor: number;
  grossMinor: number;
}

/** An invoice as its documents print it. */
export interface InvoiceDocumentModel {
  id: number;
  status: string;
  draft: boolean;
  invoiceNo: string | null;
  issueDate: string | null;
  dueDate: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  currency: string;
  clientId: number;
  clientAccountNo: string | null;
  clientReference: string | null;
  notes: string | null;
  issuedBy: Party;
  issuedTo: Party & { email: string | null };
  lines: DocumentLine[];
  vat: { rows: VatRow[]; net: number; vat: number; gross: number };
  paidMinor: number;
  creditedMinor: number;
  approvedAt: Date | null;
  look: DocumentLook;
}

const joinAddress = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join('\n') || null;

/** The company's look for documents: its colour (or the product's), its picture when it is PNG or JPEG. */
export async function documentLook(ctx: Ctx): Promise<DocumentLook & { party: Party }> {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, ctx.session.companyId));
  if (!c) throw notFound(`Company ${ctx.session.companyId}`);
  let logo: Buffer | null = null;
  if (c.imageKey) {
    const bytes = await ctx.services.files.read(c.imageKey);
    const type = bytes ? sniff(bytes) : null;
    if (bytes && (type === 'image/png' || type === 'image/jpeg')) logo = bytes;
  }
  return {
    name: c.name,
    primaryColor: c.primaryColor ?? '#0b7285',
    logo,
    contact: [c.email, c.phone, c.website].filter(Boolean).join('  ·  '),
    locale: c.locale,
    dateFormat: c.dateFormat,
    timezone: c.timezone,
    party: {
      name: c.legalName ?? c.name,
      address: joinAddress(c.address, c.postcode),
      vatNumber: c.vatNumber,
    },
  };
}

/**
 * Reads an invoice of the caller's company with its lines, ordered by position. An issued invoice
 * prints its issuedBy/issuedTo snapshots; a draft prints the company and client as they are now.
 */
export async function loadInvoiceModel(ctx: Ctx, invoiceId: number): Promise<InvoiceDocumentModel> {
  const companyId = ctx.session.companyId;
  const [row] = await ctx.db
    .select({
      invoice: invoices,
      client: {
        name: clients.name,
        accountNo: clients.accountNo,
        address: clients.address,
        postcode: clients.postcode,
        vatNumber: clients.vatNumber,
        email: clients.email,
      },
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.companyId, invoices.companyId), eq(clients.id, invoices.clientId)))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  if (!row) throw notFound(`Invoice ${invoiceId}`);
  const { invoice, client } = row;
  const lines = await ctx.db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
  const look = await documentLook(ctx);
  const draft = invoice.status === 'draft';
  const issuedBy = (!draft && invoice.issuedBy) || look.party;
  const issuedTo = (!draft && invoice.issuedTo) || {
    name: client.name,
    address: joinAddress(client.address, client.postcode),
    vatNumber: client.vatNumber,
    email: client.email,
  };
  const docLines: DocumentLine[] = lines.map((l) => ({
    position: l.position,
    bookingId: l.bookingId,
    serviceDate: l.serviceDate,
    reference: l.reference,
    passengerName: l.passengerName,
    route: l.route ?? l.description,
    description: l.description,
    quantity: l.quantity,
    netMinor: l.netMinor,
    vatRateBp: l.vatRateBp,
    vatMinor: l.vatMinor,
    grossMinor: l.grossMinor,
  }));
  return {
    id: invoice.id,
    status: invoice.status,
    draft,
    invoiceNo: invoice.invoiceNo,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    periodFrom: invoice.periodFrom,
    periodTo: invoice.periodTo,
    currency: invoice.currency,
    clientId: invoice.clientId,
    clientAccountNo: client.accountNo,
    clientReference: invoice.clientReference,
    notes: invoice.notes,
    issuedBy,
    issuedTo,
    lines: docLines,
    vat: vatTable(docLines),
    paidMinor: invoice.paidMinor,
    creditedMinor: invoice.creditedMinor,
    approvedAt: invoice.approvedAt,
    look,
  };
}
