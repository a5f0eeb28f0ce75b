import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { addDays, api, gbp, isoDay, minorOf, pdfText, shot, tokenOf, typeInto, weekOf } from '../support/api';
import { DEMO_PASSWORD, forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/**
 * The model the office types: own car 2.00/km for the first km, 1.50/km after, 1.00 a job; the
 * company car at nothing (a job paid by it would show as 0); a night peak 20:00–06:00 every day × 1.5.
 */
const BANDS = [
  { fromMetres: 0, toMetres: 1000, rateMinor: 200 },
  { fromMetres: 1000, toMetres: Infinity, rateMinor: 150 },
];
const PER_JOB_MINOR = 100;
const PEAK_MULTIPLIER = 1.5;

/** The engine's mileage on a distance in metres: each band its rate, rounded once (half-up, as the demo company rounds). */
function mileageOf(metres: number): number {
  const exact = BANDS.reduce(
    (sum, b) => sum + Math.max(0, Math.min(b.toMetres, metres) - b.fromMetres) * b.rateMinor,
    0,
  );
  return Math.round(exact / 1000);
}

/** A job's pay under the model: mileage and the amount per job, and the peak's share of that (rounded once). */
function payOf(metres: number, inPeak: boolean): { base: number; peak: number; pay: number } {
  const base = mileageOf(metres) + PER_JOB_MINOR;
  const peak = inPeak ? Math.round(base * (PEAK_MULTIPLIER - 1)) : 0;
  return { base, peak, pay: base + peak };
}

/** Which way the money goes, as the office writes it. */
const officeNet = (net: number) =>
  net > 0 ? `We pay ${gbp(net)}` : net < 0 ? `Driver owes ${gbp(net)}` : 'Nothing due';

type Method = 'cash' | 'card' | 'account';
interface Job {
  id: number;
  method: Method;
  /** Hour (UTC) of the pick-up: London's clock is the same or an hour ahead, in or out of the peak either way. */
  hour: string;
  inPeak: boolean;
  fareMinor: number;
}

const savoy = { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 };
const dropOffs: Record<Method, { address: string; lat: number; lng: number }> = {
  card: { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
  cash: { address: "King's Cross St Pancras", lat: 51.5308, lng: -0.1238 },
  account: { address: 'Paddington Station', lat: 51.5154, lng: -0.1755 },
};

const statusOf = async (baseUrl: string, id: number) =>
  (
    await api<{ status: string }>(baseUrl, await tokenOf(baseUrl, 'admin@ukcb.test'), 'Booking/GetBookingDetails', {
      id,
    })
  ).status;

describe('a driver on own-car mileage with a night peak: three jobs on the phone, validated, paid, settled, read on the phone', async () => {
  const desk = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const phone = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const d = desk.page;
  const p = phone.page;
  const base = desk.baseUrl;
  const admin = () => tokenOf(base, 'admin@ukcb.test');
  const tag = String(Date.now() % 1_000_000);
  const modelName = `Own car nights ${tag}`;
  const email = `mileage-${tag}@ukcb.test`;
  const driverName = `Milo Mileage${tag}`;
  // A version of a pay model pays the jobs picked up after it was made: the jobs are tomorrow's, done
  // early on the phone, and the week is tomorrow's.
  const jobDay = isoDay(addDays(new Date(), 1));
  const week = weekOf(jobDay);
  let modelId = 0;
  let driverId = 0;
  let jobs: Job[] = [];
  let earnedMinor = 0;
  let cashMinor = 0;
  let netMinor = 0;
  let statementNo = '';

  beforeAll(async () => {
    await forgetEverything(d);
    await d.goto('/login?UKCB');
    await signInThroughForm(d, 'admin@ukcb.test');
    await d.getByTestId('home').waitFor();
  });

  it('makes the pay model on its screens: mileage bands for the own car, then a night peak', async () => {
    await d.goto('/driver-pay/rules');
    await d.getByRole('heading', { name: 'Driver pay models' }).waitFor();
    await d.getByRole('button', { name: 'New pay model' }).click();
    const dialog = d.getByRole('dialog', { name: 'New pay model' });
    await dialog.getByLabel(/^Name/).fill(modelName);
    await dialog.getByText('Mileage', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Make the model' }).click();
    await d.waitForURL(/\/driver-pay\/rules\/\d+$/);
    modelId = Number(/(\d+)$/.exec(new URL(d.url()).pathname)![1]);
    await d.getByRole('heading', { name: modelName }).waitFor();
    await d.getByTestId('version-in-force').getByText('version 1').waitFor();

    await d.getByRole('tab', { name: /Mileage/ }).click();
    // The own car's section comes first; the company car keeps the new model's zero rate.
    await d.getByLabel('Amount per job').first().fill('1.00');
    await d.getByLabel('Band 1 rate per km').first().fill('2.00');
    await d.getByRole('button', { name: 'Add a band' }).first().click();
    await d.getByLabel('Band 1 to km').first().fill('1');
    await d.getByLabel('Band 2 from km').first().fill('1');
    await d.getByLabel('Band 2 rate per km').first().fill('1.50');
    await expectAccessible(d, 'the pay model’s mileage bands');
    await shot(d, 'pay-week-model-mileage');
    await d.getByRole('button', { name: 'Save as a new version' }).click();
    await d.getByTestId('version-in-force').getByText('version 2').waitFor();

    await d.getByRole('tab', { name: /Peak times/ }).click();
    await d.getByRole('button', { name: 'Add a peak time' }).click();
    const peak = d.getByTestId('peak-time-1');
    await peak.getByLabel('Name').fill('Night');
    await peak.getByLabel('From (HH:MM)').fill('20:00');
    await peak.getByLabel('To (HH:MM)').fill('06:00');
    await peak.getByLabel('Multiplier of the fare').fill(String(PEAK_MULTIPLIER));
    await d.getByRole('button', { name: 'Save as a new version' }).click();
    await d.getByTestId('version-in-force').getByText('version 3').waitFor();
  });

  it('sets up the driver with the model and their own car, and three jobs for them: card by day, cash and account at night', async () => {
    driverId = (
      await api<{ id: number }>(base, await admin(), 'Driver/Create', {
        firstName: 'Milo',
        lastName: `Mileage${tag}`,
        defaultPaymentModelId: modelId,
        bankSortCode: '12-34-56',
        bankAccountNumber: '87654321',
        appEmail: email,
        appPassword: DEMO_PASSWORD,
      })
    ).id;
    const vehicleId = (
      await api<{ id: number }>(base, await admin(), 'Vehicle/Create', {
        registration: `MW${tag}`,
        vehicleTypeId: 1,
        make: 'Toyota',
        model: 'Prius',
        ownerDriverId: driverId,
      })
    ).id;
    const clientId = (
      await api<{ id: number }>(base, await admin(), 'Client/Create', {
        name: `Night Freight ${tag}`,
        email: `accounts-${tag}@nightfreight.test`,
        invoicePeriod: 'weekly',
        paymentMethod: 'account',
      })
    ).id;
    const plan: { method: Method; hour: string; inPeak: boolean }[] = [
      { method: 'card', hour: '12:00', inPeak: false },
      { method: 'cash', hour: '21:30', inPeak: true },
      { method: 'account', hour: '22:30', inPeak: true },
    ];
    let passengerId: number | null = null;
    for (const { method, hour, inPeak } of plan) {
      const made: { id: number; passengerId: number } = await api(base, await admin(), 'Booking/Create', {
        pickupAt: `${jobDay}T${hour}:00.000Z`,
        paymentMethod: method,
        ...(method === 'account' ? { clientId } : {}),
        vehicleTypeId: 1,
        stops: [savoy, dropOffs[method]],
        ...(passengerId
          ? { passengerId }
          : {
              newPassenger: {
                firstName: 'Ada',
                surname: `Night${tag}`,
                phone: `+44 7700 7${tag.padStart(5, '0').slice(-5)}`,
              },
            }),
      });
      passengerId = made.passengerId;
      await api(base, await admin(), 'Booking/UpdateBookingDriverAndVehicleHard', {
        bookingId: made.id,
        driverId,
        vehicleId,
        allowOverlap: true,
      });
      const booked = await api<{ priceMinor: number; status: string }>(
        base,
        await admin(),
        'Booking/GetBookingDetails',
        {
          id: made.id,
        },
      );
      expect(booked.status).toBe('allocated');
      expect(booked.priceMinor).toBeGreaterThan(0);
      jobs.push({ id: made.id, method, hour, inPeak, fareMinor: booked.priceMinor });
    }
  });

  it('the driver signs in on the phone and runs each job through its steps to done', async () => {
    await forgetEverything(p);
    await p.goto('/login?UKCB');
    await typeInto(p, /^E-mail address/, email);
    await typeInto(p, /^Password/, DEMO_PASSWORD);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/driver$/);

    const steps: [label: string, status: string][] = [
      ['Accept job', 'accepted'],
      ['Start — on my way', 'on_route'],
      ['Arrived at pick-up', 'arrived'],
      ['Passenger on board', 'on_board'],
      ['Complete job', 'completed'],
    ];
    for (const job of jobs) {
      await p.goto(`/driver/jobs/${job.id}`);
      // The phone shows what the passenger pays and how: the cash fare is the driver's to take.
      await expect.poll(() => p.locator('main').innerText(), { timeout: 15_000 }).toContain(gbp(job.fareMinor));
      if (job.method === 'cash') await expect(p.locator('main').innerText()).resolves.toMatch(/Cash/);
      const next = p.getByTestId('journey-next');
      for (const [label, status] of steps) {
        await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe(label);
        await next.click();
        await expect.poll(() => statusOf(base, job.id), { timeout: 15_000 }).toBe(status);
      }
      await p.getByTestId('journey-queued').waitFor({ state: 'detached', timeout: 10_000 });
    }
    // Completing the cash job recorded its fare as the cash the driver holds.
    const cashJob = jobs.find((j) => j.method === 'cash')!;
    const cash = await api<{ id: number; cashCollected: number }[]>(
      base,
      await admin(),
      'Booking/GetTableSummaryCashBooking',
      { driverID: driverId, fromDate: week.fromDate, toDate: week.toDate, perPage: 0 },
    );
    expect(cash.find((r) => r.id === cashJob.id)?.cashCollected).toBe(cashJob.fareMinor);
  });

  /** The number of the job in the validation side panel. */
  const jobInHand = async () =>
    Number(/#(\d+)/.exec((await d.getByTestId('job-panel').locator('h3').textContent()) ?? '')?.[1]);

  it('the office validates the three jobs from the keyboard', async () => {
    await d.goto(`/finance/booking-validation?from=${week.fromDate}&to=${week.toDate}&driver=${driverId}`);
    for (const job of jobs) await d.getByTestId(`job-row-${job.id}`).waitFor({ timeout: 20_000 });
    expect(await d.locator('[data-testid^="job-row-"]').count()).toBe(3);
    // Oldest pick-up first: the order they were planned in.
    await d.getByTestId(`job-row-${jobs[0]!.id}`).click();
    for (const [i, job] of jobs.entries()) {
      await expect.poll(jobInHand, { timeout: 10_000 }).toBe(job.id);
      await d.getByTestId('validation-list').focus();
      await d.keyboard.press('v');
      if (i < jobs.length - 1) await expect.poll(jobInHand, { timeout: 10_000 }).not.toBe(job.id);
    }
    await d.getByText('No done jobs left to validate in this period.').waitFor({ timeout: 10_000 });
    const validated = await api<{ id: number; acceptedMinor: number | null }[]>(
      base,
      await admin(),
      'BookingValidation/GetBookingValidataion',
      { tab: 'validated', driverID: driverId, fromDate: week.fromDate, toDate: week.toDate, perPage: 0 },
    );
    expect(validated.map((r) => r.id).sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id).sort((a, b) => a - b));
    jobs = jobs.map((j) => ({ ...j, fareMinor: validated.find((r) => r.id === j.id)?.acceptedMinor ?? j.fareMinor }));
  });

  it('Driver payments: the driver is eligible for the week, and generating makes their statement', async () => {
    await d.goto('/driver-pay/payments');
    await d.getByRole('heading', { name: 'Driver payments' }).waitFor();
    await d.getByLabel('From', { exact: true }).fill(week.fromDate);
    await d.getByLabel('To', { exact: true }).fill(week.toDate);
    const row = d.locator('tr', { hasText: driverName });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('checkbox', { name: `Choose ${driverName}` }).check();
    await d.getByRole('button', { name: 'Generate statements for chosen (1)' }).click();
    const dialog = d.getByRole('dialog', { name: 'Generate statements' });
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText('1 statements made (0 made again).').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Show the statements' }).click();
    await d.waitForURL(/tab=generated/);
    await d.locator('tr', { hasText: driverName }).getByText(driverName).click();
    await d.waitForURL(/\/driver-pay\/payments\/\d+$/);
    await d.getByRole('heading', { name: /^Draft #\d+$/ }).waitFor();
  });

  it('each job’s pay is its distance by the bands, plus the amount per job, × the night peak where it applies', async () => {
    for (const job of jobs) {
      const jobRow = d.getByTestId(`job-${job.id}`);
      await jobRow.waitFor();
      const unfold = jobRow.getByRole('button', { name: `Breakdown of job #${job.id}` });
      await unfold.focus();
      await d.keyboard.press('Enter');
      const breakdown = d.locator(`[id="${await unfold.getAttribute('aria-controls')}"]`);
      await breakdown.getByTestId('job-pay').waitFor();
      const items = breakdown.getByTestId('job-pay').locator('tbody tr');
      const mileage = items.filter({ hasText: /^Mileage/ });
      const detail = await mileage.locator('td').nth(1).innerText();
      // "3.512 km: 0–1 km at £2.00/km, 1–3.512 km at £1.50/km (own car, model …)"
      const km = /^([\d.]+) km/.exec(detail)?.[1];
      expect(km, `the distance in "${detail}"`).toBeTruthy();
      const metres = Math.round(Number(km) * 1000);
      expect(metres).toBeGreaterThan(0);
      const expected = payOf(metres, job.inPeak);
      expect(minorOf(await mileage.locator('td').nth(2).innerText())).toBe(mileageOf(metres));
      // The own car's bands: the vehicle is the driver's.
      expect(detail).toMatch(/, own car\)$/);
      const peakLine = items.filter({ hasText: /^Night/ });
      if (job.inPeak) {
        expect(minorOf(await peakLine.locator('td').nth(2).innerText())).toBe(expected.peak);
        await expect(peakLine.innerText()).resolves.toContain(`×${PEAK_MULTIPLIER}`);
      } else {
        await expect(peakLine.count()).resolves.toBe(0);
      }
      expect(minorOf(await breakdown.getByTestId('job-pay-amount').innerText())).toBe(expected.pay);
      // The row's pay column says the same.
      await expect(jobRow.locator('td').nth(5).innerText()).resolves.toBe(gbp(expected.pay));
      earnedMinor += expected.pay;
      await unfold.focus();
      await d.keyboard.press('Enter');
      await expect(unfold.getAttribute('aria-expanded')).resolves.toBe('false');
    }
    cashMinor = jobs.filter((j) => j.method === 'cash').reduce((sum, j) => sum + j.fareMinor, 0);
    netMinor = earnedMinor - cashMinor;
    await d.getByTestId('statement-net').getByText(officeNet(netMinor)).waitFor();
    await expectAccessible(d, 'the driver’s statement');
    await shot(d, 'pay-week-statement');
  });

  it('the totals read earned less the cash the driver holds', async () => {
    await d.getByRole('tab', { name: 'Totals and adjustments' }).click();
    const totals = d.getByTestId('statement-totals');
    await totals.waitFor();
    const figure = async (label: string) =>
      minorOf(await totals.locator('tr', { hasText: label }).locator('td').first().innerText());
    expect(await figure('Earned')).toBe(earnedMinor);
    expect(await figure('Cash collected')).toBe(-cashMinor);
    await expect(totals.locator('tr', { hasText: 'Net' }).innerText()).resolves.toContain(officeNet(netMinor));
    await expectAccessible(d, 'the statement’s totals');
  });

  it('approves the statement and settles it from the Approved tab', async () => {
    await d.getByRole('button', { name: 'Approve' }).click();
    const heading = d.getByRole('heading', { name: /^DS-\d{4}-\d{5}$/ });
    await heading.waitFor();
    statementNo = (await heading.innerText()).trim();

    await d.goto('/driver-pay/payments?tab=approved');
    const row = d.locator('tr', { hasText: statementNo });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await d.getByRole('button', { name: 'Settle chosen (1)' }).click();
    const dialog = d.getByRole('dialog', { name: 'Settle 1 statements' });
    await dialog.getByLabel('Reference').pressSequentially(`BACS ${tag}`);
    await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await d.getByRole('tab', { name: 'Settled' }).click();
    const settled = d.locator('tr', { hasText: statementNo });
    await settled.waitFor();
    await expect(settled.innerText()).resolves.toMatch(/\bsettled\b/i);
  });

  it('the driver sees the statement on the phone: the net, paid, and its PDF', async () => {
    await p.goto('/driver/money');
    const row = p.getByTestId('statement-row').filter({ hasText: statementNo });
    await row.waitFor({ timeout: 15_000 });
    // The period as the demo company writes a date (d-m-Y).
    const dmy = (iso: string) => iso.split('-').reverse().join('-');
    await expect(row.innerText()).resolves.toContain(`${dmy(week.fromDate)} – ${dmy(week.toDate)}`);
    const net =
      netMinor > 0
        ? `You are paid ${gbp(netMinor)}`
        : netMinor < 0
          ? `You owe ${gbp(netMinor)}`
          : 'Nothing to pay either way';
    await expect(row.getByTestId('statement-net').innerText()).resolves.toBe(net);
    await row.getByText('Paid', { exact: true }).waitFor();
    await expect(row.getByTestId('statement-settled').innerText()).resolves.toBe(`Paid ${gbp(netMinor)} · left £0.00`);
    await expectAccessible(p, "the driver app's money screen");
    await shot(p, 'pay-week-phone-money');

    const [download] = await Promise.all([
      p.waitForEvent('download', { timeout: 30_000 }),
      p.getByRole('button', { name: `Open PDF of statement ${statementNo}` }).click(),
    ]);
    const text = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain(statementNo);
    expect(text).toContain(netMinor >= 0 ? `We pay you ${gbp(netMinor)}` : `You owe us ${gbp(netMinor)}`);
  });
});
