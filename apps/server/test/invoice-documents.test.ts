import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/domains/clients/schema';
import { companies } from '../src/domains/company/schema';
import { outboxMessages } from '../src/domains/notifications/schema';
import { paymentTransactions } from '../src/domains/payments/schema';
import {
  creditNoteLines,
  creditNotes,
  invoiceAllocations,
  invoiceLines,
  invoices,
  issuedDocuments,
} from '../src/domains/invoicing/schema';
import { lineMoney, vatTable } from '../src/domains/invoicing/totals';
import { issueCreditNoteDocument, issueInvoiceDocuments } from '../src/domains/invoicing/documents/issue';
import { FIXED_COLUMNS } from '../src/domains/invoicing/documents/xlsx';
import { dayText, decimalNumber, decimalText, pdfText, rateText } from '../src/domains/invoicing/documents/words';
import { adminSession, callContext } from './call-context';
import { call, callData } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createTestApp, type TestApp } from './harness';
import { startMailbox } from './mailbox';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let invoiceSeq = 0;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface MadeLine {
  reference: string;
  passengerName: string;
  route: string;
  serviceDate: string;
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
}

/** An invoice written straight to its tables: approved (numbered, with its snapshots) or a draft. */
async function makeInvoice(world: BookingWorld, opts: { lines: number; status?: 'approved' | 'draft' | 'sent' }) {
  const companyId = world.company.id;
  const status = opts.status ?? 'approved';
  const n = ++invoiceSeq;
  const lines: MadeLine[] = Array.from({ length: opts.lines }, (_, i) => {
    const money = lineMoney(1250 + i * 101 + n, 2000, true);
    return {
      reference: `PO-${n}-${i + 1}`,
      passengerName: i % 2 ? 'Ada Lovelace' : 'Grace Hopper',
      route: `Stop ${i + 1} – Kings Cross`,
      serviceDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
      ...money,
    };
  });
  const totals = vatTable(lines.map((l) => ({ ...l, vatRateBp: 2000 })));
  const issued = status !== 'draft';
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      companyId,
      clientId: world.clientId,
      status,
      number: issued ? n : null,
      numberYear: issued ? 2026 : null,
      invoiceNo: issued ? `INV-2026-${String(n).padStart(5, '0')}` : null,
      issueDate: issued ? '2026-11-02' : null,
      dueDate: issued ? '2026-12-02' : null,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
      currency: 'GBP',
      netMinor: totals.net,
      vatMinor: totals.vat,
      grossMinor: totals.gross,
      issuedTo: issued
        ? {
            name: 'Acme Holdings Ltd',
            address: '1 Acme Way\nReading RG1 1AA',
            vatNumber: 'GB987654321',
            email: 'ap@acme.test',
          }
        : null,
      issuedBy: issued
        ? { name: 'Docs Cars Ltd', address: '12 High Street\nLondon W1A 1AA', vatNumber: 'GB123456789' }
        : null,
      approvedAt: issued ? new Date('2026-11-02T09:00:00Z') : null,
    })
    .returning();
  if (lines.length) {
    await t.db.insert(invoiceLines).values(
      lines.map((l, i) => ({
        companyId,
        invoiceId: invoice!.id,
        position: i + 1,
        serviceDate: l.serviceDate,
        description: `Journey ${i + 1}`,
        reference: l.reference,
        passengerName: l.passengerName,
        route: l.route,
        unitPriceMinor: l.grossMinor,
        netMinor: l.netMinor,
        vatRateBp: 2000,
        vatMinor: l.vatMinor,
        grossMinor: l.grossMinor,
      })),
    );
  }
  return { invoice: invoice!, lines, totals };
}

const gbp = (minor: number) => `£${(minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const plain = (minor: number) => (minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function pdfPages(base64: string): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) });
  const result = await parser.getText();
  await parser.destroy();
  return result.pages.map((p) => p.text);
}

const pdfOf = (invoiceId: number, token = w.accounts.accessToken) =>
  callData(t.app, 'BookingInvoice/GetGenerateDocument', { invoiceId }, token);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_FROM: 'Docs Cars <office@docs.test>' });
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  await t.db.update(clients).set({ email: 'Accounts@Acme.test' }).where(eq(clients.id, w.clientId));
  await t.db
    .update(companies)
    .set({ name: 'Docs Cars', primaryColor: '#5f3dc4', email: 'office@docs.test' })
    .where(eq(companies.id, w.company.id));
});

describe('the invoice PDF', () => {
  it('holds the number, the parties, every line and the totals, read back from the PDF', async () => {
    const { invoice, lines, totals } = await makeInvoice(w, { lines: 4 });
    const file = await pdfOf(invoice.id);
    expect(file.mimeType).toBe('application/pdf');
    expect(file.fileName).toBe(`Invoice-${invoice.invoiceNo}.pdf`);
    expect(file.draft).toBe(false);
    const pages = await pdfPages(file.content);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    expect(text).toContain(invoice.invoiceNo!);
    expect(text).toContain('Acme Holdings Ltd');
    expect(text).toContain('GB987654321');
    expect(text).toContain('Docs Cars Ltd');
    expect(text).toContain('GB123456789');
    expect(text).toContain('02-11-2026');
    expect(text).toContain('02-12-2026');
    for (const l of lines) {
      expect(text).toContain(l.reference);
      expect(text).toContain(plain(l.grossMinor));
      expect(text).toContain(plain(l.netMinor));
    }
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Stop 4 – Kings Cross');
    expect(text).toContain(gbp(totals.net));
    expect(text).toContain(gbp(totals.vat));
    expect(text).toContain(gbp(totals.gross));
  });

  it('prints names beyond Western European as written (the embedded typeface)', async () => {
    const { invoice } = await makeInvoice(w, { lines: 3 });
    const names = ['Łódź Dvořák', 'Ελληνικά Όνομα', 'Київ Шевченко'];
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    for (const [i, l] of lines.entries()) {
      await t.db
        .update(invoiceLines)
        .set({ passengerName: names[i]!, route: 'Kraków → Łódź' })
        .where(eq(invoiceLines.id, l.id));
    }
    await t.db
      .update(invoices)
      .set({ issuedTo: { name: 'Dvořák & Łódź Sp. z o.o.', address: 'Київ', vatNumber: null, email: null } })
      .where(eq(invoices.id, invoice.id));
    const file = await pdfOf(invoice.id);
    const text = (await pdfPages(file.content)).join('\n');
    for (const name of [...names, 'Kraków → Łódź', 'Dvořák & Łódź Sp. z o.o.', 'Київ']) expect(text).toContain(name);
    // Only the glyphs used are embedded: a page stays small.
    expect(file.byteSize).toBeLessThan(40_000);
  });

  it('has 25 lines a page: 60 lines are 3 pages, the VAT table and totals on the last only', async () => {
    const { invoice, lines, totals } = await makeInvoice(w, { lines: 60 });
    const pages = await pdfPages((await pdfOf(invoice.id)).content);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain(lines[24]!.reference);
    expect(pages[0]).not.toContain(lines[25]!.reference);
    expect(pages[1]).toContain(lines[25]!.reference);
    expect(pages[1]).toContain(lines[49]!.reference);
    expect(pages[2]).toContain(lines[50]!.reference);
    expect(pages[2]).toContain(lines[59]!.reference);
    for (const p of pages.slice(0, 2)) {
      expect(p).not.toContain('VAT SUMMARY');
      expect(p).not.toContain(gbp(totals.gross));
    }
    expect(pages[2]).toContain('VAT SUMMARY');
    expect(pages[2]).toContain(gbp(totals.gross));
    expect(pages[2]).toContain('Page 3 of 3');
  });

  it('is stored once with its SHA-256: later answers are the stored bytes, whatever changed since', async () => {
    const { invoice } = await makeInvoice(w, { lines: 3 });
    const first = await pdfOf(invoice.id);
    expect(first.sha256).toBe(sha(Buffer.from(first.content, 'base64')));
    const [row] = await t.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.invoiceId, invoice.id), eq(issuedDocuments.kind, 'invoicePdf')));
    expect(row!.sha256).toBe(first.sha256);
    expect(row!.byteSize).toBe(Buffer.from(first.content, 'base64').length);
    // The snapshot is what the document was made from; a later change does not rewrite it.
    await t.db.update(invoices).set({ notes: 'Changed later' }).where(eq(invoices.id, invoice.id));
    const again = await pdfOf(invoice.id);
    expect(again.content).toBe(first.content);
    expect(again.issuedAt).toBe(first.issuedAt);
    // Issuing again (the approval's call) keeps the first.
    const ctx = await callContext(t, adminSession(w.company.id));
    const issued = await issueInvoiceDocuments(ctx, invoice.id);
    expect(issued.pdf.id).toBe(row!.id);
    expect(issued.pdf.sha256).toBe(first.sha256);
    const list = await callData(
      t.app,
      'BookingInvoice/GetInvoiceDocuments',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(list.documents.map((d) => d.kind).sort()).toEqual(['invoicePdf', 'invoiceXlsx']);
    expect(list.documents.find((d) => d.kind === 'invoicePdf')!.sha256).toBe(first.sha256);
  });

  it('made by two calls at once is stored once: both answer the same bytes', async () => {
    const { invoice } = await makeInvoice(w, { lines: 30 });
    const [a, b] = await Promise.all([pdfOf(invoice.id), pdfOf(invoice.id)]);
    expect(a.sha256).toBe(b.sha256);
    expect(a.content).toBe(b.content);
    const rows = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, invoice.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['invoicePdf', 'invoiceXlsx']);
  });

  it('issued in a transaction that fails leaves no row and no file', async () => {
    const { invoice } = await makeInvoice(w, { lines: 2 });
    let fileKey = '';
    const ctx = await callContext(t, adminSession(w.company.id));
    await expect(
      t.db.transaction(async (tx) => {
        const issued = await issueInvoiceDocuments({ ...ctx, db: tx }, invoice.id);
        fileKey = issued.pdf.fileKey;
        expect(await t.services.files.read(fileKey)).not.toBeNull();
        throw new Error('the approval failed later');
      }),
    ).rejects.toThrow('the approval failed later');
    await ctx.runAfterRollback();
    expect(await t.services.files.read(fileKey)).toBeNull();
    const rows = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, invoice.id));
    expect(rows).toHaveLength(0);
  });

  it('of a draft is rendered marked DRAFT and never stored', async () => {
    const { invoice, lines } = await makeInvoice(w, { lines: 2, status: 'draft' });
    const file = await pdfOf(invoice.id);
    expect(file.draft).toBe(true);
    expect(file.issuedAt).toBeNull();
    const text = (await pdfPages(file.content)).join('\n');
    expect(text).toContain('DRAFT');
    expect(text).toContain(lines[0]!.reference);
    const stored = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, invoice.id));
    expect(stored).toHaveLength(0);
    const ctx = await callContext(t, adminSession(w.company.id));
    await expect(issueInvoiceDocuments(ctx, invoice.id)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses another company’s invoice (404) and a bad id (400 naming invoiceId)', async () => {
    const { invoice } = await makeInvoice(them, { lines: 1 });
    const other = await call(
      t.app,
      'BookingInvoice/GetGenerateDocument',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(other.status).toBe(404);
    const bad = await call(
      t.app,
      'BookingInvoice/GetGenerateDocument',
      { invoiceId: 'x' as never },
      w.accounts.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('invoiceId');
    const xlsx = await call(
      t.app,
      'BookingInvoice/GetGenerateDocumentExcelFixed',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(xlsx.status).toBe(404);
  });
});

describe('the invoice XLSX', () => {
  it('has the fixed columns and every cell of every line, money exact with 2 decimals', async () => {
    const { invoice, lines } = await makeInvoice(w, { lines: 5 });
    await t.db.update(clients).set({ accountNo: 'ACME-01' }).where(eq(clients.id, w.clientId));
    const file = await callData(
      t.app,
      'BookingInvoice/GetGenerateDocumentExcelFixed',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(file.fileName).toBe(`Invoice-${invoice.invoiceNo}.xlsx`);
    const bytes = Buffer.from(file.content, 'base64');
    expect(file.sha256).toBe(sha(bytes));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...FIXED_COLUMNS]);
    lines.forEach((l, i) => {
      const row = sheet.getRow(i + 2);
      const v = (col: number) => row.getCell(col).value;
      expect(v(1)).toBe(invoice.invoiceNo);
      expect(v(2)).toEqual(new Date('2026-11-02T00:00:00Z'));
      expect(v(3)).toEqual(new Date('2026-12-02T00:00:00Z'));
      expect(v(4)).toBe('ACME-01');
      expect(v(5)).toBe('Acme Holdings Ltd');
      expect(v(6)).toBe(i + 1);
      expect(v(7)).toBeNull();
      expect(v(8)).toEqual(new Date(`${l.serviceDate}T00:00:00Z`));
      expect(v(9)).toBe(l.reference);
      expect(v(10)).toBe(l.passengerName);
      expect(v(11)).toBe(l.route);
      expect(v(12)).toBe(Number((l.netMinor / 100).toFixed(2)));
      expect(v(13)).toBe(0.2);
      expect(v(14)).toBe(Number((l.vatMinor / 100).toFixed(2)));
      expect(v(15)).toBe(Number((l.grossMinor / 100).toFixed(2)));
      for (const col of [12, 14, 15]) expect(row.getCell(col).numFmt).toBe('#,##0.00');
      expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd');
    });
    // The sums of the cells, in minor units, are the invoice's.
    const gross = lines.reduce((s, _l, i) => s + Math.round(Number(sheet.getRow(i + 2).getCell(15).value) * 100), 0);
    expect(gross).toBe(invoice.grossMinor);
    const [row] = await t.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.invoiceId, invoice.id), eq(issuedDocuments.kind, 'invoiceXlsx')));
    expect(row!.sha256).toBe(file.sha256);
  });
});

/** The base64 body of a mail's part named `fileName`, decoded. */
function attachmentOf(raw: string, fileName: string): Buffer {
  const at =
    raw.indexOf(`filename=${fileName}`) >= 0
      ? raw.indexOf(`filename=${fileName}`)
      : raw.indexOf(`filename="${fileName}"`);
  expect(at).toBeGreaterThan(0);
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  // The mailbox undoes quoted-printable soft breaks, which can eat a final "=" of base64 padding:
  // the body runs to the boundary ("-" is not base64), padding is put back.
  const body = raw.slice(start, raw.indexOf('--', start)).replace(/[^A-Za-z0-9+/]/g, '');
  return Buffer.from(body.padEnd(Math.ceil(body.length / 4) * 4, '='), 'base64');
}

describe('the invoice e-mail', () => {
  it('previews what would be sent: the client’s addresses once each, subject, text, PDF name', async () => {
    const { invoice, totals } = await makeInvoice(w, { lines: 2 });
    const preview = await callData(
      t.app,
      'BookingInvoice/GetGenerateDocumentEmail',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(preview.to).toEqual(['ap@acme.test', 'accounts@acme.test']);
    expect(preview.subject).toBe(`Invoice ${invoice.invoiceNo} from Docs Cars Ltd`);
    expect(preview.body).toContain(gbp(totals.gross));
    expect(preview.body).toContain('02-12-2026');
    expect(preview.attachmentName).toBe(`Invoice-${invoice.invoiceNo}.pdf`);
    const given = await callData(
      t.app,
      'BookingInvoice/GetGenerateDocumentEmail',
      { invoiceId: invoice.id, emails: ['Boss@Acme.test', 'boss@acme.test'] },
      w.accounts.accessToken,
    );
    expect(given.to).toEqual(['boss@acme.test']);
  });

  it('sends the PDF over SMTP, marks an approved invoice sent, and the attachment is the stored document', async () => {
    const { invoice } = await makeInvoice(w, { lines: 3 });
    const answer = await call(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: invoice.id, message: 'Our October jobs.' },
      w.accounts.accessToken,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('sent');
    expect(answer.body.data.queued).toBe(2);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('sent');
    expect(row!.sentAt).not.toBeNull();
    const mail = await mailbox.mailTo('ap@acme.test', new RegExp(invoice.invoiceNo!));
    expect(mail.text).toContain('Our October jobs.');
    expect(mail.text).toContain('application/pdf');
    const attached = attachmentOf(mail.text, `Invoice-${invoice.invoiceNo}.pdf`);
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
    const stored = await pdfOf(invoice.id);
    expect(sha(attached)).toBe(stored.sha256);
    await mailbox.mailTo('accounts@acme.test', new RegExp(invoice.invoiceNo!));
    // Sent again: still sent, the first sentAt kept.
    const again = await callData(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: invoice.id, emails: ['cfo@acme.test'] },
      w.accounts.accessToken,
    );
    expect(again.status).toBe('sent');
    expect(again.sentAt).toBe(row!.sentAt!.toISOString());
    await mailbox.mailTo('cfo@acme.test', new RegExp(invoice.invoiceNo!));
  });

  it('refuses a draft (409, nothing queued), another company’s invoice (404) and a bad address (400)', async () => {
    const { invoice } = await makeInvoice(w, { lines: 1, status: 'draft' });
    const before = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.companyId, w.company.id))).length;
    const draft = await call(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(draft.status).toBe(409);
    expect(draft.body.message).toContain('draft');
    const preview = await call(
      t.app,
      'BookingInvoice/GetGenerateDocumentEmail',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(preview.status).toBe(409);
    const after = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.companyId, w.company.id))).length;
    expect(after).toBe(before);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('draft');
    const theirs = await makeInvoice(them, { lines: 1 });
    const other = await call(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: theirs.invoice.id },
      w.accounts.accessToken,
    );
    expect(other.status).toBe(404);
    const bad = await call(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: theirs.invoice.id, emails: ['not-an-address'] },
      w.accounts.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('emails');
  });

  it('asks for an address when the client has none (400 on emails)', async () => {
    const { invoice } = await makeInvoice(them, { lines: 1 });
    await t.db
      .update(invoices)
      .set({ issuedTo: { name: 'Acme', address: null, vatNumber: null, email: null } })
      .where(eq(invoices.id, invoice.id));
    const answer = await call(
      t.app,
      'BookingInvoice/CreateInvoiceEmail',
      { invoiceId: invoice.id },
      them.accounts.accessToken,
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.errors)).toContain('emails');
  });
});

describe('receipts', () => {
  it('refuse a booking not paid (409) and an unknown one (404)', async () => {
    const b = await book(t.app, w, {});
    for (const name of [
      'BookingInvoice/SendReceiptEmail',
      'BookingInvoice/SendReceiptEmailCash',
      'BookingInvoice/SendReceiptEmailCard',
    ] as const) {
      const answer = await call(t.app, name, { bookingId: b.id, email: 'ada@example.test' }, w.accounts.accessToken);
      expect(answer.status).toBe(409);
    }
    const pdf = await call(t.app, 'BookingInvoice/SendReceiptCardPDF', { bookingId: b.id }, w.accounts.accessToken);
    expect(pdf.status).toBe(409);
    const theirs = await book(t.app, them, {});
    const other = await call(
      t.app,
      'BookingInvoice/SendReceiptEmailCashPDF',
      { bookingId: theirs.id },
      w.accounts.accessToken,
    );
    expect(other.status).toBe(404);
  });

  it('of cash collected: the PDF says what was paid, and the e-mail carries it', async () => {
    const b = await book(t.app, w, { paymentMethod: 'cash' });
    await t.db.insert(paymentTransactions).values({
      companyId: w.company.id,
      bookingId: b.id,
      kind: 'cashCollection',
      method: 'cash',
      amountMinor: 2345,
      currency: 'GBP',
    });
    const file = await callData(
      t.app,
      'BookingInvoice/SendReceiptEmailCashPDF',
      { bookingId: b.id },
      w.accounts.accessToken,
    );
    const text = (await pdfPages(file.content)).join('\n');
    expect(text).toContain('RECEIPT');
    expect(text).toContain(String(b.id));
    expect(text).toContain('£23.45');
    const card = await call(t.app, 'BookingInvoice/SendReceiptCardPDF', { bookingId: b.id }, w.accounts.accessToken);
    expect(card.status).toBe(409);
    const sent = await callData(
      t.app,
      'BookingInvoice/SendReceiptEmailCash',
      { bookingId: b.id, email: 'ada@example.test' },
      w.accounts.accessToken,
    );
    expect(sent.amountMinor).toBe(2345);
    const mail = await mailbox.mailTo('ada@example.test', /receipt/i);
    const attached = attachmentOf(mail.text, sent.fileName);
    expect(sha(attached)).toBe(sent.sha256);
    const any = await callData(
      t.app,
      'BookingInvoice/SendReceiptEmail',
      { bookingId: b.id, email: 'ada2@example.test' },
      w.accounts.accessToken,
    );
    expect(any.amountMinor).toBe(2345);
  });

  it('of a payment against an invoice: by hand or by card, each to its own call', async () => {
    const { invoice } = await makeInvoice(w, { lines: 2 });
    const [tx] = await t.db
      .insert(paymentTransactions)
      .values({
        companyId: w.company.id,
        clientId: w.clientId,
        kind: 'manualPayment',
        method: 'bank transfer',
        amountMinor: 1000,
        currency: 'GBP',
        reference: 'BACS 771',
      })
      .returning();
    await t.db
      .insert(invoiceAllocations)
      .values({ companyId: w.company.id, invoiceId: invoice.id, paymentTransactionId: tx!.id, amountMinor: 1000 });
    await t.db.update(invoices).set({ paidMinor: 1000, status: 'part_paid' }).where(eq(invoices.id, invoice.id));
    const card = await call(
      t.app,
      'BookingInvoice/SendReceiptEmailCardInvoice',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(card.status).toBe(409);
    const sent = await callData(
      t.app,
      'BookingInvoice/SendReceiptEmailCashInvoice',
      { invoiceId: invoice.id },
      w.accounts.accessToken,
    );
    expect(sent.paymentTransactionId).toBe(tx!.id);
    expect(sent.amountMinor).toBe(1000);
    const mail = await mailbox.mailTo('ap@acme.test', /receipt/i);
    expect(mail.text).toContain('£10.00');
    const again = await callData(
      t.app,
      'BookingInvoice/SendReceiptEmailCashInvoice',
      { invoiceId: invoice.id, paymentTransactionId: tx!.id, email: 'x@acme.test' },
      w.accounts.accessToken,
    );
    expect(again.sha256).toBe(sent.sha256);
    const wrong = await call(
      t.app,
      'BookingInvoice/SendReceiptEmailCashInvoice',
      { invoiceId: invoice.id, paymentTransactionId: 999999 },
      w.accounts.accessToken,
    );
    expect(wrong.status).toBe(404);
  });
});

describe('the credit note PDF', () => {
  it('is stored once when issued; a draft note has none', async () => {
    const { invoice } = await makeInvoice(w, { lines: 2 });
    const [note] = await t.db
      .insert(creditNotes)
      .values({
        companyId: w.company.id,
        invoiceId: invoice.id,
        clientId: w.clientId,
        status: 'issued',
        number: 1,
        numberYear: 2026,
        creditNo: 'CN-2026-00001',
        reason: 'Waiting time charged twice',
        currency: 'GBP',
        netMinor: 500,
        vatMinor: 100,
        grossMinor: 600,
        issueDate: '2026-11-10',
        issuedAt: new Date('2026-11-10T12:00:00Z'),
      })
      .returning();
    await t.db.insert(creditNoteLines).values({
      companyId: w.company.id,
      creditNoteId: note!.id,
      description: 'Waiting time, job 2',
      netMinor: 500,
      vatRateBp: 2000,
      vatMinor: 100,
      grossMinor: 600,
    });
    const ctx = await callContext(t, adminSession(w.company.id));
    const first = await issueCreditNoteDocument(ctx, note!.id);
    const second = await issueCreditNoteDocument(ctx, note!.id);
    expect(second.id).toBe(first.id);
    const bytes = (await t.services.files.read(first.fileKey))!;
    expect(sha(bytes)).toBe(first.sha256);
    const text = (await pdfPages(bytes.toString('base64'))).join('\n');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN-2026-00001');
    expect(text).toContain(invoice.invoiceNo!);
    expect(text).toContain('Waiting time charged twice');
    expect(text).toContain('£6.00');
  });
});

describe('document words', () => {
  it('turn minor units into exact decimals per currency, and text into what the PDF fonts show', () => {
    expect(decimalText(1234, 'GBP')).toBe('12.34');
    expect(decimalText(-5, 'EUR')).toBe('-0.05');
    expect(decimalText(1234, 'JPY')).toBe('1234');
    expect(decimalText(1234, 'BHD')).toBe('1.234');
    expect(decimalNumber(1999, 'GBP')).toBe(19.99);
    expect(pdfText('Łódź → Köln, 12 €')).toBe('Łódź → Köln, 12 €');
    expect(pdfText('Ωmega Київ')).toBe('Ωmega Київ');
    // What the typeface lacks: a plain letter where there is one, else "?"; control characters are spaces.
    expect(pdfText('東京\tA')).toBe('?? A');
    expect(dayText('2026-11-02', 'm/d/Y')).toBe('11/02/2026');
    expect(rateText(2000)).toBe('20%');
    expect(rateText(550)).toBe('5.5%');
  });
});
