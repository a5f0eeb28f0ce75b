import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingStops } from '../src/domains/bookings/schema';
import { companies } from '../src/domains/company/schema';
import { drivers } from '../src/domains/drivers/schema';
import { issuedDocuments } from '../src/domains/invoicing/schema';
import { call, callData } from './client';
import { startMailbox } from './mailbox';
import { doneJob, makeModel } from './factories-driver-pay';
import { world, type Person, type World } from './world';

let w: World<'Accounts' | 'Dispatcher', true>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let token = '';
let ann: Person; // 40 jobs and an adjustment: we pay her
let bob: Person; // two cash jobs: he owes us
let cat: Person; // her statement stays a draft
const annJobs: number[] = [];
const week = { fromDate: '2026-10-05', toDate: '2026-10-11' };
const methods = ['cash', 'card', 'account'] as const;
const statementOf = new Map<number, number>();

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function pdfPages(base64: string): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) });
  const result = await parser.getText();
  await parser.destroy();
  return result.pages.map((p) => p.text);
}

const officePdf = (id: number, as = token) =>
  call(w.app, 'BookingInvoice/GetGenerateDocumentDriverPayment', { id }, as);
const driverPdf = (id: number, as: string) =>
  call(w.app, 'BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp', { id }, as);
const storedRows = (statementId: number) =>
  w.db.select().from(issuedDocuments).where(eq(issuedDocuments.driverStatementId, statementId));

async function driverPaidBy(modelId: number, lastName: string, extra: Partial<typeof drivers.$inferInsert> = {}) {
  const person = await w.person('driver');
  await w.db
    .update(drivers)
    .set({ defaultPaymentModelId: modelId, firstName: 'Test', lastName, ...extra })
    .where(eq(drivers.id, person.personId));
  return person;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  w = await world({
    roles: ['Accounts', 'Dispatcher'],
    otherCompany: true,
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Docs Cars <office@docs.test>' },
  });
  token = w.as.Accounts.token;
  await w.db
    .update(companies)
    .set({ legalName: 'Docs Cars Ltd', vatNumber: 'GB123456789' })
    .where(eq(companies.id, w.company.id));
  const modelId = await makeModel(w, w.admin.token);
  ann = await driverPaidBy(modelId, 'Annable', {
    callsign: 'A7',
    address: '1 Mill Lane',
    postcode: 'CB1 1AA',
    bankSortCode: '12-34-56',
    bankAccountNumber: '12345678',
  });
  bob = await driverPaidBy(modelId, 'Bobbins');
  cat = await driverPaidBy(modelId, 'Catley', { bankSortCode: '12-34-56', bankAccountNumber: '87654321' });
  // Ann: 40 jobs of 20.00, cash/card/account in turn (commission 25/25/20 %).
  for (let i = 0; i < 40; i++) {
    const day = 5 + (i % 7);
    const pickupAt = `2026-10-${String(day).padStart(2, '0')}T${String(6 + Math.floor(i / 7)).padStart(2, '0')}:${String(i).padStart(2, '0')}:00Z`;
    annJobs.push(await doneJob(w, w.company.id, ann.personId, { method: methods[i % 3]!, fare: 2000, pickupAt }));
  }
  await w.db.insert(bookingStops).values([
    {
      companyId: w.company.id,
      bookingId: annJobs[0]!,
      seq: 0,
      kind: 'pickup',
      address: 'Kings Cross',
      postcode: 'N1C 4QP',
    },
    {
      companyId: w.company.id,
      bookingId: annJobs[0]!,
      seq: 1,
      kind: 'dropoff',
      address: 'Heathrow T5',
      postcode: 'TW6 2GA',
    },
  ]);
  await doneJob(w, w.company.id, bob.personId, { method: 'cash', fare: 3000, pickupAt: '2026-10-06T10:00:00Z' });
  await doneJob(w, w.company.id, bob.personId, { method: 'cash', fare: 3000, pickupAt: '2026-10-10T10:00:00Z' });
  await doneJob(w, w.company.id, cat.personId, { method: 'card', fare: 4000, pickupAt: '2026-10-07T10:00:00Z' });
  const made = await callData(w.app, 'DrvrPayment/GeneratePayment', week, token);
  for (const s of made.statements) statementOf.set(s.driverId, s.id);
  await callData(
    w.app,
    'DrvrPayment/AddDriverPaymentAdjustments',
    { statementId: statementOf.get(ann.personId)!, amountMinor: 1250, reason: 'Parking at the airport' },
    token,
  );
}, 180_000);

describe('the self-billing statement PDF', () => {
  it('renders a statement not yet approved marked DRAFT, and stores nothing', async () => {
    const id = statementOf.get(ann.personId)!;
    const res = await officePdf(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.draft).toBe(true);
    expect(res.body.data.issuedAt).toBeNull();
    expect(res.body.data.mimeType).toBe('application/pdf');
    expect(res.body.data.sha256).toBe(sha(Buffer.from(res.body.data.content, 'base64')));
    const text = (await pdfPages(res.body.data.content)).join('\n');
    expect(text).toContain('DRAFT');
    expect(text).toContain('Self-billing statement');
    expect(await storedRows(id)).toHaveLength(0);
  });

  it('the driver cannot read a statement not yet approved (404)', async () => {
    const res = await driverPdf(statementOf.get(cat.personId)!, cat.token);
    expect(res.status).toBe(404);
  });

  it('prints an approved statement: number, driver, every job, lines, totals and the net on several pages', async () => {
    const ids = [statementOf.get(ann.personId)!, statementOf.get(bob.personId)!];
    const approved = await callData(w.app, 'DrvrPayment/ApprovePayments', { ids }, token);
    const annRow = approved.statements.find((s) => s.driverId === ann.personId)!;
    expect(annRow.statementNo).toMatch(/^DS-\d{4}-\d{5}$/);
    const res = await officePdf(annRow.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.draft).toBe(false);
    expect(res.body.data.fileName).toBe(`Statement-${annRow.statementNo}.pdf`);
    const pages = await pdfPages(res.body.data.content);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    const text = pages.join('\n');
    expect(text).not.toContain('DRAFT');
    expect(text).toContain(annRow.statementNo!);
    expect(text).toContain('Test Annable (A7)');
    expect(text).toContain('1 Mill Lane');
    expect(text).toContain('Docs Cars Ltd');
    expect(text).toContain('GB123456789');
    expect(text).toContain('05-10-2026 - 11-10-2026');
    // Every job's booking number, after its pick-up time: all 40, none twice, nothing else.
    const printed = [...text.matchAll(/\d{2}:\d{2}\s+(\d+)\s/g)].map((m) => Number(m[1]));
    expect(printed.sort((a, b) => a - b)).toEqual([...annJobs].sort((a, b) => a - b));
    expect(text).toContain('N1C 4QP - TW6 2GA');
    expect(text).toContain('Parking at the airport');
    // Earned: 14 cash and 13 card at 15.00, 13 account at 16.00 = 613.00; cash 14 × 20.00 = 280.00.
    expect(text).toContain('£613.00');
    expect(text).toContain('-£280.00');
    expect(text).toContain('£12.50');
    expect(text).toContain('We pay you £345.50');
    expect(text).toContain('Left to settle');
    expect(annRow.netMinor).toBe(34_550);
  });

  it('stores an approved statement once: the same bytes and SHA-256 every time, for the office and the driver', async () => {
    const id = statementOf.get(ann.personId)!;
    const first = await officePdf(id);
    const second = await officePdf(id);
    const own = await driverPdf(id, ann.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(second.body.data.sha256).toBe(first.body.data.sha256);
    expect(own.body.data.sha256).toBe(first.body.data.sha256);
    expect(own.body.data.content).toBe(first.body.data.content);
    expect(first.body.data.issuedAt).not.toBeNull();
    const rows = await storedRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('driverStatementPdf');
    expect(rows[0]!.sha256).toBe(first.body.data.sha256);
  });

  it('says "You owe us" to a driver who holds more cash than he earned', async () => {
    const res = await driverPdf(statementOf.get(bob.personId)!, bob.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = (await pdfPages(res.body.data.content)).join('\n');
    expect(text).toContain('You owe us £15.00');
    expect(text).toContain('Test Bobbins');
  });
});

describe('who may read a statement', () => {
  it('answers 404 to a driver asking for another driver’s statement', async () => {
    const res = await driverPdf(statementOf.get(ann.personId)!, bob.token);
    expect(res.status).toBe(404);
  });

  it('refuses the office call to a driver and to a role without driver pay, and the app call to office staff (403)', async () => {
    const id = statementOf.get(ann.personId)!;
    expect((await officePdf(id, ann.token)).status).toBe(403);
    expect((await officePdf(id, w.as.Dispatcher.token)).status).toBe(403);
    expect((await driverPdf(id, token)).status).toBe(403);
  });

  it('answers 404 for another company’s statement and 400 naming id for a bad one', async () => {
    const res = await officePdf(statementOf.get(ann.personId)!, w.other!.admin.token);
    expect(res.status).toBe(404);
    const bad = await call(w.app, 'BookingInvoice/GetGenerateDocumentDriverPayment', { id: 'x' } as never, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
  });
});

/** The base64 body of a mail's part named `fileName`, decoded (as invoice-documents.test.ts reads it). */
function attachmentOf(raw: string, name: string): Buffer {
  const named = raw.indexOf(`filename=${name}`);
  const at = named >= 0 ? named : raw.indexOf(`filename="${name}"`);
  expect(at).toBeGreaterThan(0);
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  // The mailbox undoes quoted-printable soft breaks, which can eat base64 padding: put it back.
  const body = raw.slice(start, raw.indexOf('--', start)).replace(/[^A-Za-z0-9+/]/g, '');
  return Buffer.from(body.padEnd(Math.ceil(body.length / 4) * 4, '='), 'base64');
}

const sendEmail = (id: number, as = token) => call(w.app, 'DrvrPayment/SendDriverStatementEmail', { id }, as);
const setEmail = (driverId: number, email: string | null) =>
  w.db.update(drivers).set({ email }).where(eq(drivers.id, driverId));

describe('e-mailing a statement to its driver', () => {
  it('refuses a statement not yet approved (409, in words)', async () => {
    await setEmail(cat.personId, 'cat@drivers.test');
    const res = await sendEmail(statementOf.get(cat.personId)!);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not approved/);
  });

  it('refuses a driver without an e-mail address (400 naming the field and the driver)', async () => {
    await setEmail(ann.personId, null);
    const res = await sendEmail(statementOf.get(ann.personId)!);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('email');
    expect(JSON.stringify(res.body)).toContain('Test Annable');
  });

  it('sends the stored PDF over SMTP: the attachment has the SHA-256 of GetGenerateDocumentDriverPayment', async () => {
    await setEmail(ann.personId, 'Ann@Drivers.test');
    const id = statementOf.get(ann.personId)!;
    const res = await sendEmail(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { statementNo, sentTo } = res.body.data;
    expect(sentTo).toBe('ann@drivers.test');
    expect(statementNo).toMatch(/^DS-\d{4}-\d{5}$/);
    const mail = await mailbox.mailTo('ann@drivers.test', new RegExp(statementNo));
    expect(mail.text).toContain('We pay you');
    const attached = attachmentOf(mail.text, `Statement-${statementNo}.pdf`);
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
    const office = await officePdf(id);
    expect(sha(attached)).toBe(office.body.data.sha256);
    const rows = await storedRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sha256).toBe(sha(attached));
  });

  it('stores the PDF at the first e-mail when nobody read it before, the same bytes the office reads after', async () => {
    await setEmail(bob.personId, 'bob@drivers.test');
    const id = statementOf.get(bob.personId)!;
    await w.db.delete(issuedDocuments).where(eq(issuedDocuments.driverStatementId, id));
    const res = await sendEmail(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await mailbox.mailTo('bob@drivers.test', new RegExp(res.body.data.statementNo));
    expect(mail.text).toContain('You owe us');
    const attached = attachmentOf(mail.text, `Statement-${res.body.data.statementNo}.pdf`);
    expect(sha(attached)).toBe((await officePdf(id)).body.data.sha256);
  });

  it('is refused to a role without driver pay (403) and answers 404 for another company', async () => {
    const id = statementOf.get(ann.personId)!;
    expect((await sendEmail(id, w.as.Dispatcher.token)).status).toBe(403);
    expect((await sendEmail(id, ann.token)).status).toBe(403);
    expect((await sendEmail(id, w.other!.admin.token)).status).toBe(404);
  });
});
