import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { api, gbp, lastWholeWeek, pdfText, shot, tokenOf } from '../support/api';
import { openBrowser, signInThroughForm } from '../support/browser';

const savoy = { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 };
const dropOffs = [
  { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
  { address: "King's Cross St Pancras", lat: 51.5308, lng: -0.1238 },
  { address: 'Paddington Station', lat: 51.5154, lng: -0.1755 },
];

/** The model's commission (percent of the fare the office keeps), written as the engine reads it. */
const COMMISSION = { cashPercent: '25', cardPercent: '25', accountPercent: '20' };
/**
 * The driver's share of a fare under that commission: fare × (100 − commission) / 100, rounded once,
 * half-up as the demo company rounds (so a cash fare of £11.50 pays £8.63, not £8.62).
 */
const payOf = (fareMinor: number, method: 'cash' | 'account') =>
  Math.round((fareMinor * (100 - (method === 'cash' ? 25 : 20))) / 100);

interface Job {
  id: number;
  fareMinor: number;
  method: 'cash' | 'account';
}

describe('the office pays a driver’s week: eligible, generate, explain, adjust, approve, PDF, settle', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const admin = () => tokenOf(baseUrl, 'admin@ukcb.test');
  const tag = String(Date.now() % 1_000_000);
  const week = lastWholeWeek();
  const adjustmentMinor = 500;
  let driverId = 0;
  let driverName = '';
  let jobs: Job[] = [];
  let netMinor = 0;
  let statementNo = '';

  beforeAll(async () => {
    // A pay model of plain commission, and a client on account for two of the jobs.
    const model = await api<{ id: number }>(baseUrl, await admin(), 'DriverPayment/Create', {
      name: `Statement commission ${tag}`,
      basis: 'commission',
      commission: COMMISSION,
    });
    const clientId = (
      await api<{ id: number }>(baseUrl, await admin(), 'Client/Create', {
        name: `Driver Pay Freight ${tag}`,
        email: `accounts-${tag}@driverpay.test`,
        invoicePeriod: 'weekly',
        paymentMethod: 'account',
      })
    ).id;
    let passengerId: number | null = null;
    for (const [i, dropOff] of dropOffs.entries()) {
      const method = i === 2 ? 'cash' : 'account';
      const token = await admin();
      const made: { id: number; passengerId: number } = await api(baseUrl, token, 'Booking/Create', {
        isBackEntry: true,
        pickupAt: `${week.jobDay}T${String(9 + 2 * i).padStart(2, '0')}:00:00.000Z`,
        ...(method === 'account' ? { clientId } : {}),
        paymentMethod: method,
        vehicleTypeId: 1,
        stops: [savoy, dropOff],
        ...(passengerId
          ? { passengerId }
          : {
              newPassenger: {
                firstName: 'Ada',
                surname: `Pay${tag}`,
                phone: `+44 7700 8${tag.padStart(5, '0').slice(-5)}`,
              },
            }),
      });
      passengerId = made.passengerId;
      if (!driverId) {
        const choices = await api<{ drivers: { driverId: number; driverName: string; refusals: string[] }[] }>(
          baseUrl,
          token,
          'Booking/GetDriverChoices',
          { bookingId: made.id },
        );
        // A driver with nothing else to pay in the week: the demo's drivers may have statements or
        // validated jobs of their own, which would change what the statement holds.
        const busy = new Set(
          (
            await api<{ driverId: number }[]>(baseUrl, token, 'DrvrPayment/GetEligibleDrivers', {
              fromDate: week.fromDate,
              toDate: week.toDate,
              perPage: 0,
            })
          ).map((d) => d.driverId),
        );
        for (const s of await api<{ driverId: number }[]>(baseUrl, token, 'DrvrPayment/GetGeneratedPayments', {
          fromDate: week.fromDate,
          toDate: week.toDate,
          perPage: 0,
        }))
          busy.add(s.driverId);
        const driver = choices.drivers.find((d) => d.refusals.length === 0 && !busy.has(d.driverId));
        expect(driver, 'a driver the rules allow').toBeTruthy();
        driverId = driver!.driverId;
        driverName = driver!.driverName;
      }
      await api(baseUrl, token, 'Booking/UpdateBookingDriverAndVehicleHard', { bookingId: made.id, driverId });
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
      jobs.push({ id: made.id, fareMinor: done.priceMinor, method });
    }
    jobs = jobs.sort((a, b) => a.id - b.id);
    await api(baseUrl, await admin(), 'BookingValidation/UpdateBookingValidate', {
      bookingIds: jobs.map((j) => j.id),
      status: 'validated',
    });
    // The model pays this driver; bank details let a statement that pays them go straight to approval.
    await api(baseUrl, await admin(), 'DriverPaymentModelAssignment/Update', {
      DriverPaymentID: model.id,
      driverIDs: [driverId],
    });
    await api(baseUrl, await admin(), 'Driver/Update', {
      id: driverId,
      bankAccountName: driverName,
      bankSortCode: '20-00-00',
      bankAccountNumber: '55779911',
    });
    netMinor =
      jobs.reduce((sum, j) => sum + payOf(j.fareMinor, j.method), 0) -
      jobs.filter((j) => j.method === 'cash').reduce((sum, j) => sum + j.fareMinor, 0);

    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('lists the driver as eligible for the week and generates their statement', async () => {
    await page.goto('/driver-pay/payments');
    await page.getByRole('heading', { name: 'Driver payments' }).waitFor();
    await expect(page.getByTestId('placeholder').count()).resolves.toBe(0);
    await page.getByLabel('From', { exact: true }).fill(week.fromDate);
    await page.getByLabel('To', { exact: true }).fill(week.toDate);
    const row = page.locator('tr', { hasText: driverName });
    await row.getByText(`We pay ${gbp(netMinor)}`).waitFor();
    await expect(row.innerText()).resolves.toContain('3');
    await expectAccessible(page);
    await shot(page, 'driver-payments-eligible');

    await row.getByRole('checkbox', { name: `Choose ${driverName}` }).check();
    await page.getByRole('button', { name: 'Generate statements for chosen (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate statements' });
    await dialog.waitFor();
    await expectAccessible(page, 'generate dialog');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText('1 statements made (0 made again).').waitFor();
    await dialog.getByRole('button', { name: 'Show the statements' }).click();
    await page.waitForURL(/tab=generated/);
    // The driver's statements of other weeks (the demo's) are listed too: this week's is the one with its net.
    const generated = page.locator('tr', { hasText: driverName }).filter({ hasText: `We pay ${gbp(netMinor)}` });
    await generated.getByText(`We pay ${gbp(netMinor)}`).waitFor();
    await expectAccessible(page);
    await shot(page, 'driver-payments-generated');
    await generated.getByText(driverName).click();
    await page.waitForURL(/\/driver-pay\/payments\/\d+$/);
  });

  it('explains a job’s pay by its breakdown and shows the net in words', async () => {
    await page.getByRole('heading', { name: /^Draft #\d+$/ }).waitFor();
    await page
      .getByTestId('statement-net')
      .getByText(`We pay ${gbp(netMinor)}`)
      .waitFor();
    const first = jobs[0]!;
    const jobRow = page.getByTestId(`job-${first.id}`);
    await expect(jobRow.innerText()).resolves.toContain(gbp(payOf(first.fareMinor, first.method)));
    const unfold = jobRow.getByRole('button', { name: `Breakdown of job #${first.id}` });
    await unfold.focus();
    await page.keyboard.press('Enter');
    const breakdown = page.getByTestId('job-breakdown');
    await breakdown.waitFor();
    await expect(unfold.getAttribute('aria-expanded')).resolves.toBe('true');
    const text = await breakdown.innerText();
    expect(text).toContain(gbp(payOf(first.fareMinor, first.method)));
    expect(text).toContain(`-${gbp(first.fareMinor - payOf(first.fareMinor, first.method))}`);
    expect(text).toMatch(/Commission/i);
    await expectAccessible(page);
    await shot(page, 'driver-statement');
  });

  it('adds an adjustment typed from the keyboard, and the net follows', async () => {
    await page.getByRole('tab', { name: 'Totals and adjustments' }).click();
    const form = page.getByRole('form', { name: 'Add an adjustment' });
    await form.getByLabel(/^Amount/).pressSequentially('5.00');
    await form.getByLabel('Reason').pressSequentially('Airport waiting');
    await page.keyboard.press('Enter');
    await page.getByTestId('statement-lines').getByText('Airport waiting').waitFor();
    netMinor += adjustmentMinor;
    await page
      .getByTestId('statement-totals')
      .getByText(`We pay ${gbp(netMinor)}`)
      .waitFor();
    await page
      .getByTestId('statement-net')
      .getByText(`We pay ${gbp(netMinor)}`)
      .waitFor();
    await expectAccessible(page);
    await shot(page, 'driver-statement-totals');
  });

  it('approves the statement: it takes its number and can no longer change', async () => {
    await page.getByRole('button', { name: 'Approve' }).click();
    const heading = page.getByRole('heading', { name: /^DS-\d{4}-\d{5}$/ });
    await heading.waitFor();
    statementNo = (await heading.innerText()).trim();
    await expect(page.getByRole('form', { name: 'Add an adjustment' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Payments' }).waitFor();
  });

  it('downloads the self-billing PDF: number, driver and what we pay', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(statementNo);
    expect(text).toContain(driverName);
    expect(text).toContain(`We pay you ${gbp(netMinor)}`);
  });

  it('settles it from the Approved tab by bank, and the Settled tab shows it', async () => {
    await page.goto('/driver-pay/payments?tab=approved');
    const row = page.locator('tr', { hasText: statementNo });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Settle chosen (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settle 1 statements' });
    await dialog.waitFor();
    await dialog.getByLabel('Reference').pressSequentially(`BACS ${tag}`);
    await expectAccessible(page, 'settle dialog');
    await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Settled' }).click();
    const settled = page.locator('tr', { hasText: statementNo });
    await settled.waitFor();
    await expect(settled.innerText()).resolves.toMatch(/\bsettled\b/i);
    await expectAccessible(page);

    await settled.getByText(statementNo).click();
    await page.getByRole('heading', { name: statementNo }).waitFor();
    await page.getByRole('tab', { name: 'Payments' }).click();
    const payments = page.getByTestId('statement-payments');
    await payments.waitFor();
    await expect(payments.innerText()).resolves.toContain(`BACS ${tag}`);
    await expect(payments.innerText()).resolves.toContain(gbp(netMinor));
  });
});
