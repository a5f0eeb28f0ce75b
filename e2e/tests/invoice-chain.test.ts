import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, settled } from '../support/accessibility';
import { api, lastWholeWeek, pdfText, tokenOf } from '../support/api';
import { openBrowser, signInThroughForm } from '../support/browser';
import { mailTo } from '../support/mail';

/** Pounds as the product writes them (the demo company is British). */
const gbp = (minor: number) =>
  `£${Math.floor(minor / 100).toLocaleString('en-GB')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** Minor units of an amount as written ('£1,234.50' → 123450); an empty cell is 0. */
function minorOf(text: string): number {
  if (!text) return 0;
  const [whole = '0', fraction = ''] = text.replace(/[£,]/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const savoy = { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 };
const dropOffs = [
  { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
  { address: "King's Cross St Pancras", lat: 51.5308, lng: -0.1238 },
  { address: 'Paddington Station', lat: 51.5154, lng: -0.1755 },
];

interface Job {
  id: number;
  priceMinor: number;
}

async function savedBytes(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

/** Clicks a button that saves a file and answers the file's name and bytes. */
async function downloadBy(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name }).click(),
  ]);
  return { fileName: download.suggestedFilename(), bytes: await savedBytes(download) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the office bills a client’s week: validate, generate, approve, documents, mail, payment, credit note, statement', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const admin = () => tokenOf(baseUrl, 'admin@ukcb.test');
  const tag = String(Date.now() % 1_000_000);
  const clientName = `Chain Freight ${tag}`;
  const clientEmail = `accounts-${tag}@chainfreight.test`;
  const week = lastWholeWeek();
  const overridePriceMinor = 2450;
  let clientId = 0;
  let jobs: Job[] = [];
  /** Each job's price once validated: the second is billed at another price. */
  let billed: Job[] = [];
  let invoiceId = 0;
  let invoiceNo = '';
  let grossMinor = 0;
  let pdfBytes: Buffer = Buffer.alloc(0);
  const paidMinor = 1000;

  const statusBadge = (status: string) =>
    page.locator('.mantine-Badge-root').filter({ hasText: new RegExp(`^${status}$`) });

  beforeAll(async () => {
    // A client on account, billed weekly, with three jobs done in the week and not checked yet.
    clientId = (
      await api<{ id: number }>(baseUrl, await admin(), 'Client/Create', {
        name: clientName,
        email: clientEmail,
        invoicePeriod: 'weekly',
        paymentMethod: 'account',
      })
    ).id;
    let passengerId: number | null = null;
    for (const [i, dropOff] of dropOffs.entries()) {
      const token = await admin();
      const made: { id: number; passengerId: number } = await api(baseUrl, token, 'Booking/Create', {
        isBackEntry: true,
        pickupAt: `${week.jobDay}T${String(9 + 2 * i).padStart(2, '0')}:00:00.000Z`,
        clientId,
        paymentMethod: 'account',
        vehicleTypeId: 1,
        stops: [savoy, dropOff],
        ...(passengerId
          ? { passengerId }
          : {
              newPassenger: {
                firstName: 'Ada',
                surname: `Chain${tag}`,
                phone: `+44 7700 9${tag.padStart(5, '0').slice(-5)}`,
              },
            }),
      });
      passengerId = made.passengerId;
      const choices = await api<{ drivers: { driverId: number; refusals: string[] }[] }>(
        baseUrl,
        token,
        'Booking/GetDriverChoices',
        { bookingId: made.id },
      );
      const driver = choices.drivers.find((d) => d.refusals.length === 0);
      expect(driver, 'a driver the rules allow').toBeTruthy();
      await api(baseUrl, token, 'Booking/UpdateBookingDriverAndVehicleHard', {
        bookingId: made.id,
        driverId: driver!.driverId,
      });
      for (const move of ['start', 'arrive', 'board', 'complete']) {
        await api(baseUrl, await admin(), 'Booking/UpdateBookingStatus', { id: made.id, move });
      }
      const done = await api<{ status: string; priceMinor: number }>(
        baseUrl,
        await admin(),
        'Booking/GetBookingDetails',
        { id: made.id },
      );
      expect(done.status).toBe('completed');
      jobs.push({ id: made.id, priceMinor: done.priceMinor });
    }
    jobs = jobs.sort((a, b) => a.id - b.id);

    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  /** The number of the job in the side panel. */
  const jobInHand = async () =>
    Number(/#(\d+)/.exec((await page.getByTestId('job-panel').locator('h3').textContent()) ?? '')?.[1]);

  it('validates the week’s jobs from the keyboard, one billed at another price with a reason', async () => {
    await page.goto('/finance/booking-validation');
    await page.getByTestId('job-panel').or(page.getByText('No done jobs left')).first().waitFor({ timeout: 20_000 });
    await page.getByLabel('From', { exact: true }).fill(week.fromDate);
    await page.getByLabel('To', { exact: true }).fill(week.toDate);
    const client = page.getByRole('combobox', { name: 'Client' });
    await client.click();
    await client.pressSequentially(clientName.slice(0, 14));
    await page.getByRole('option', { name: clientName }).click();
    for (const job of jobs) await page.getByTestId(`job-row-${job.id}`).waitFor();
    // Each filter set one after the other is kept (the period's first day was once lost).
    const view = new URL(page.url()).searchParams;
    expect([view.get('from'), view.get('to'), view.get('client')]).toEqual([
      week.fromDate,
      week.toDate,
      String(clientId),
    ]);
    // The client's rows replace the whole week's once its answer comes (the week's list holds these three too).
    await expect.poll(() => page.locator('[data-testid^="job-row-"]').count(), { timeout: 15_000 }).toBe(3);

    // The oldest first; J and K move through the list, V validates and the next comes up.
    await page.getByTestId(`job-row-${jobs[0]!.id}`).click();
    await expect.poll(jobInHand).toBe(jobs[0]!.id);
    await page.keyboard.press('j');
    await expect.poll(jobInHand).toBe(jobs[1]!.id);
    await page.keyboard.press('k');
    await expect.poll(jobInHand).toBe(jobs[0]!.id);
    await page.keyboard.press('v');
    await expect.poll(jobInHand, { timeout: 10_000 }).toBe(jobs[1]!.id);
    await expect.poll(() => page.getByTestId(`job-row-${jobs[0]!.id}`).count(), { timeout: 10_000 }).toBe(0);

    // The second was agreed at a flat fare: billed at another price, with the reason.
    await page.getByRole('button', { name: 'Bill at another price' }).click();
    await page.getByRole('textbox', { name: 'Price' }).pressSequentially((overridePriceMinor / 100).toFixed(2));
    await page.getByRole('textbox', { name: 'Reason' }).pressSequentially('Flat fare agreed with the client');
    await page.keyboard.press('Enter');
    await expect.poll(jobInHand, { timeout: 10_000 }).toBe(jobs[2]!.id);
    await page.getByTestId('validation-list').focus();
    await page.keyboard.press('v');
    await page.getByText('No done jobs left to validate in this period.').waitFor({ timeout: 10_000 });

    const validated = await api<{ id: number; acceptedMinor: number; isOverride: boolean; reason: string | null }[]>(
      baseUrl,
      await admin(),
      'BookingValidation/GetBookingValidataion',
      { tab: 'validated', clientID: clientId, fromDate: week.fromDate, toDate: week.toDate, perPage: 0 },
    );
    expect(validated.map((r) => r.id).sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
    const second = validated.find((r) => r.id === jobs[1]!.id)!;
    expect(second).toMatchObject({ acceptedMinor: overridePriceMinor, isOverride: true });
    billed = jobs.map((j) => ({ id: j.id, priceMinor: validated.find((r) => r.id === j.id)!.acceptedMinor }));
    grossMinor = billed.reduce((sum, j) => sum + j.priceMinor, 0);
    await page.screenshot({ path: '/tmp/invoice-chain-1-validated.png', fullPage: true });
  });

  it('generates the week’s invoices with the progress shown, and the client’s draft is among them', async () => {
    await page.goto('/finance/invoices');
    await page.getByRole('tab', { name: 'Invoices to make' }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(week.fromDate);
    await page.getByLabel('To', { exact: true }).fill(week.toDate);
    const row = page.getByRole('row').filter({ hasText: clientName });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Weekly');
    expect(await row.textContent()).toContain(gbp(grossMinor));

    await page.getByRole('button', { name: 'Generate for a period' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate invoices for a period' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('From', { exact: true }).inputValue()).toBe(week.fromDate);
    expect(await dialog.getByLabel('To', { exact: true }).inputValue()).toBe(week.toDate);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Progress of the run' }).waitFor({ timeout: 15_000 });
    await dialog.getByText(/^Done: \d+ invoices made for \d+ clients\.$/).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/invoice-chain-2-generated.png' });
    await dialog.getByRole('button', { name: 'Show the drafts' }).click();

    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('generated');
    // The address changes before the tab is drawn: the draft's row is the one to wait for.
    const draft = page
      .getByRole('row')
      .filter({ hasText: clientName })
      .filter({ hasText: /Draft #\d+/ });
    await draft.waitFor({ timeout: 15_000 });
    expect(await draft.textContent()).toContain(gbp(grossMinor));
    await draft.getByRole('cell', { name: clientName }).click();
    await page.waitForURL(/\/finance\/invoices\/\d+$/);
    invoiceId = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    await page.getByRole('heading', { name: `Draft #${invoiceId}` }).waitFor();
  });

  it('shows the draft’s lines and totals, and approves it: a number is given', async () => {
    const lines = page.getByTestId('invoice-lines').locator('tbody tr');
    await expect.poll(() => lines.count()).toBe(3);
    for (const [i, job] of billed.entries()) {
      const text = (await lines.nth(i).textContent()) ?? '';
      expect(text).toContain(`Journey ${job.id}`);
      expect(text).toContain(gbp(job.priceMinor));
    }
    const totals = page.getByTestId('invoice-totals');
    expect(await totals.textContent()).toContain(gbp(grossMinor));
    await page.screenshot({ path: '/tmp/invoice-chain-3-draft.png', fullPage: true });

    await page.getByRole('button', { name: 'Approve' }).click();
    const numbered = page.getByRole('heading', { name: /^INV-\d{4}-\d{5}$/ });
    await numbered.waitFor({ timeout: 15_000 });
    invoiceNo = (await numbered.textContent()) ?? '';
    await statusBadge('Approved').waitFor();
    await settled(page);
    await expectAccessible(page, 'the approved invoice');
  });

  it('downloads the PDF with its number and the XLSX with its lines', async () => {
    await page.getByRole('tab', { name: 'Documents' }).click();
    const pdf = await downloadBy(page, 'Download PDF');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(invoiceNo);
    expect(text).toContain(clientName);
    pdfBytes = pdf.bytes;

    const xlsx = await downloadBy(page, 'Download XLSX');
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Invoice')!;
    const heads = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => heads.indexOf(name) + 1;
    expect(sheet.actualRowCount).toBe(4);
    const rows = [2, 3, 4].map((n) => sheet.getRow(n));
    expect(rows.map((r) => String(r.getCell(col('Invoice No')).value))).toEqual([invoiceNo, invoiceNo, invoiceNo]);
    expect(rows.map((r) => String(r.getCell(col('Booking No')).value))).toEqual(billed.map((j) => String(j.id)));
    expect(rows.map((r) => Math.round(Number(r.getCell(col('Gross')).value) * 100))).toEqual(
      billed.map((j) => j.priceMinor),
    );
    // Both are stored at issue, each with its SHA-256.
    await page.getByRole('table', { name: 'Documents stored for this invoice' }).waitFor();
  });

  it('e-mails it: the client receives it with the PDF attached, and the invoice shows as sent', async () => {
    await page.getByRole('button', { name: 'E-mail invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-mail the invoice' });
    const to = dialog.getByRole('textbox', { name: 'To' });
    await expect.poll(() => to.inputValue(), { timeout: 15_000 }).toBe(clientEmail);
    await dialog.getByRole('textbox', { name: 'Message' }).pressSequentially('Thank you for travelling with us.');
    await settled(page);
    await expectAccessible(page, 'the invoice e-mail dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await statusBadge('Sent').waitFor({ timeout: 15_000 });

    const mail = await mailTo(clientEmail, new RegExp(`^Invoice ${invoiceNo} from `));
    expect(mail.text).toContain('Thank you for travelling with us.');
    expect(mail.text).toContain(`Please quote ${invoiceNo} with your payment.`);
    const attached = mail.attachments.find((a) => a.fileName === `Invoice-${invoiceNo}.pdf`);
    expect(attached, `the PDF among ${mail.attachments.map((a) => a.fileName).join(', ')}`).toBeTruthy();
    expect(attached!.contentType).toBe('application/pdf');
    // The stored PDF: the very bytes downloaded before.
    expect(sha256(attached!.content)).toBe(sha256(pdfBytes));
  });

  it('records a part payment by bank transfer: part paid, with the amount still due', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    const panel = page.getByTestId('invoice-payments');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    const amount = dialog.getByRole('textbox', { name: 'Amount received' });
    await amount.fill('');
    await amount.pressSequentially((paidMinor / 100).toFixed(2));
    const applied = dialog.getByRole('textbox', { name: 'Applied to this invoice' });
    await applied.fill('');
    await applied.pressSequentially((paidMinor / 100).toFixed(2));
    expect(await dialog.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('Bank transfer');
    await dialog.getByRole('textbox', { name: 'Reference' }).pressSequentially(`BACS ${tag}`);
    await dialog.getByRole('button', { name: 'Record' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    await statusBadge('Part paid').waitFor({ timeout: 15_000 });
    await panel.getByRole('cell', { name: `BACS ${tag}` }).waitFor();
    await expect
      .poll(() => panel.textContent(), { timeout: 10_000 })
      .toContain(`Left to pay${gbp(grossMinor - paidMinor)}`);
    await expect
      .poll(() => page.getByText(/^Gross .* left to pay/).textContent())
      .toContain(`left to pay ${gbp(grossMinor - paidMinor)}`);
    await page.screenshot({ path: '/tmp/invoice-chain-4-part-paid.png', fullPage: true });
  });

  it('issues a credit note for one line, and what is due falls by it', async () => {
    const credited = billed[2]!;
    await page.getByRole('tab', { name: 'Credit notes' }).click();
    const panel = page.getByTestId('invoice-credit-notes');
    await panel.getByRole('button', { name: 'New credit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New credit note' });
    await dialog.getByText(`Invoice ${invoiceNo} of ${clientName}`).waitFor({ timeout: 15_000 });
    await dialog.getByText('Some lines').click();
    await dialog.getByRole('checkbox', { name: `Journey ${credited.id}` }).check();
    await dialog.getByRole('textbox', { name: 'Reason' }).pressSequentially('Passenger did not travel on this job');
    expect(await dialog.getByRole('radio', { name: 'Reduce the invoice' }).isChecked()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the credit note dialog');
    await dialog.getByRole('button', { name: 'Save and issue' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    const note = panel.getByRole('row').filter({ hasText: /CN-\d{4}-\d{5}/ });
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toContain(gbp(credited.priceMinor));
    expect(await note.textContent()).toContain('Reduce the invoice');
    const left = grossMinor - paidMinor - credited.priceMinor;
    await expect
      .poll(() => page.getByText(/^Gross .* left to pay/).textContent(), { timeout: 10_000 })
      .toContain(`left to pay ${gbp(left)}`);
    await statusBadge('Part paid').waitFor();
    await page.screenshot({ path: '/tmp/invoice-chain-5-credited.png', fullPage: true });
  });

  it('shows the client’s statement: invoice, payment and credit note with the running balance', async () => {
    const credited = billed[2]!.priceMinor;
    const closing = grossMinor - paidMinor - credited;
    await page.goto(`/clients/${clientId}?tab=statement`);
    const statement = page.getByTestId('client-statement');
    await statement.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('statement-balance').textContent()).toBe(gbp(closing));
    const rows = statement.getByRole('table', { name: 'Statement' }).locator('tbody tr');
    // Opening balance, the three entries, closing balance.
    await expect.poll(() => rows.count()).toBe(5);
    const cells = async (n: number) => (await rows.nth(n).locator('td').allTextContents()).map((c) => c.trim());
    expect(await cells(0)).toEqual(['Opening balance', gbp(0)]);
    expect(await cells(4)).toEqual(['Closing balance', gbp(closing)]);
    // Entries in date order (a payment by hand is dated at noon of the day received, so it may come
    // before or after the others): each balance is the one before plus the charge less the credit.
    const entries = await Promise.all([1, 2, 3].map(cells));
    let running = 0;
    for (const [, what, debit, credit, balance] of entries) {
      running += minorOf(debit!) - minorOf(credit!);
      expect(balance, `the balance after ${what}`).toBe(gbp(running));
    }
    expect(running).toBe(closing);
    const entryOf = (kind: string) => entries.find(([, what]) => what!.startsWith(kind))!;
    expect(entryOf('Invoice').slice(2, 4)).toEqual([gbp(grossMinor), '']);
    expect(entryOf('Payment').slice(2, 4)).toEqual(['', gbp(paidMinor)]);
    expect(entryOf('Credit note').slice(2, 4)).toEqual(['', gbp(credited)]);
    await page.screenshot({ path: '/tmp/invoice-chain-6-statement.png', fullPage: true });
    await settled(page);
    await expectAccessible(page, 'the client statement');
  });
});
