import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { addDays, api, gbp, isoDay, pdfText, tokenOf, typeInto } from '../support/api';
import { DEMO_PASSWORD, forgetEverything, openBrowser } from '../support/browser';

/** A calendar date as the product writes it (the demo company reads d-m-Y). */
const dmy = (iso: string) => iso.split('-').reverse().join('-');

interface Statement {
  id: number;
  statementNo: string | null;
  netMinor: number;
  status: string;
}

describe('a driver reads the statement the office approved, on the phone', async () => {
  const phone = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const desk = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const p = phone.page;
  const base = phone.baseUrl;
  const admin = () => tokenOf(base, 'admin@ukcb.test');
  const tag = String(Date.now() % 1_000_000);
  const email = `statements-${tag}@ukcb.test`;
  // Two cash jobs yesterday: the driver holds the fares and owes the office its commission.
  const yesterday = isoDay(addDays(new Date(), -1));
  const period = { fromDate: isoDay(addDays(new Date(), -7)), toDate: yesterday };
  let driverId = 0;
  let statement: Statement = { id: 0, statementNo: null, netMinor: 0, status: '' };

  beforeAll(async () => {
    const modelId = (
      await api<{ id: number }>(base, await admin(), 'DriverPayment/Create', {
        name: `Statements commission ${tag}`,
        basis: 'commission',
        commission: { cashPercent: '25', cardPercent: '25', accountPercent: '20' },
      })
    ).id;
    driverId = (
      await api<{ id: number }>(base, await admin(), 'Driver/Create', {
        firstName: 'Stella',
        lastName: `Statement${tag}`,
        defaultPaymentModelId: modelId,
        bankSortCode: '12-34-56',
        bankAccountNumber: '12345678',
        appEmail: email,
        appPassword: DEMO_PASSWORD,
      })
    ).id;
    const jobs: number[] = [];
    for (const [i, dropOff] of ['Waterloo Station', 'Paddington Station'].entries()) {
      const made = await api<{ id: number }>(base, await admin(), 'Booking/Create', {
        isBackEntry: true,
        pickupAt: `${yesterday}T${String(10 + 2 * i).padStart(2, '0')}:00:00.000Z`,
        paymentMethod: 'cash',
        vehicleTypeId: 1,
        stops: [
          { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 },
          { address: dropOff, lat: 51.5033 + i * 0.01, lng: -0.1145 - i * 0.05 },
        ],
        newPassenger: { firstName: 'Ada', surname: `Pay${tag}${i}`, phone: `+44 7700 9${tag.slice(-4)}${i}` },
      });
      await api(base, await admin(), 'Booking/UpdateBookingDriverAndVehicleHard', { bookingId: made.id, driverId });
      for (const move of ['start', 'arrive', 'board', 'complete']) {
        await api(base, await admin(), 'Booking/UpdateBookingStatus', { id: made.id, move });
      }
      jobs.push(made.id);
    }
    await api(base, await admin(), 'BookingValidation/UpdateBookingValidate', {
      bookingIds: jobs,
      status: 'validated',
    });
    const made = await api<{ statements: Statement[] }>(base, await admin(), 'DrvrPayment/GeneratePayment', {
      ...period,
      driverIDs: [driverId],
    });
    expect(made.statements).toHaveLength(1);
    const approved = await api<{ statements: Statement[] }>(base, await admin(), 'DrvrPayment/ApprovePayments', {
      ids: [made.statements[0]!.id],
    });
    statement = approved.statements[0]!;
    expect(statement.statementNo).toMatch(/^DS-\d{4}-\d{5}$/);
    expect(statement.netMinor).toBeLessThan(0);
    // A job done since, on no statement yet: the money screen counts it as an estimate.
    const since = await api<{ id: number }>(base, await admin(), 'Booking/Create', {
      isBackEntry: true,
      pickupAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      paymentMethod: 'cash',
      vehicleTypeId: 1,
      stops: [
        { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 },
        { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
      ],
      newPassenger: { firstName: 'Ada', surname: `Since${tag}`, phone: `+44 7700 8${tag.slice(-4)}9` },
    });
    await api(base, await admin(), 'Booking/UpdateBookingDriverAndVehicleHard', { bookingId: since.id, driverId });
    for (const move of ['start', 'arrive', 'board', 'complete']) {
      await api(base, await admin(), 'Booking/UpdateBookingStatus', { id: since.id, move });
    }

    await forgetEverything(p);
    await p.goto('/login?UKCB');
    await typeInto(p, /^E-mail address/, email);
    await typeInto(p, /^Password/, DEMO_PASSWORD);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/driver$/);
  });

  it('opens Money and sees the statement: period, number, what the driver owes, status', async () => {
    await p.goto('/driver/money');
    const row = p.getByTestId('statement-row').filter({ hasText: statement.statementNo! });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(`${dmy(period.fromDate)} – ${dmy(period.toDate)}`);
    await expect(row.getByTestId('statement-net').innerText()).resolves.toBe(`You owe ${gbp(-statement.netMinor)}`);
    await expect(row.getByTestId('statement-settled').innerText()).resolves.toBe(
      `Paid £0.00 · left ${gbp(-statement.netMinor)}`,
    );
    await expect(row.innerText()).resolves.toMatch(/approved/i);
    await expect(p.getByTestId('statement-row').count()).resolves.toBe(1);
    // This week's earnings hold the job done since the statement, labelled as not on one yet.
    const estimate = await p.getByTestId('earnings-estimate').innerText();
    expect(estimate).toMatch(/£[\d,]+\.\d{2}.*(not yet on a statement|none of it on a statement yet)/);
    await expectAccessible(p, "the driver app's money screen with a statement");
    await p.screenshot({ path: '/tmp/driver-statements-phone.png', fullPage: true });
  });

  it('opens the statement as the PDF the office issued', async () => {
    const [download] = await Promise.all([
      p.waitForEvent('download', { timeout: 30_000 }),
      p.getByRole('button', { name: `Open PDF of statement ${statement.statementNo}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Statement-${statement.statementNo}.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(statement.statementNo!);
    expect(text).toContain(`You owe us ${gbp(-statement.netMinor)}`);
  });

  it("shows the office the statement on the driver's Pay tab, linking to its page", async () => {
    const d = desk.page;
    await forgetEverything(d);
    await d.goto('/login?UKCB');
    await typeInto(d, /^E-mail address/, 'admin@ukcb.test');
    await typeInto(d, /^Password/, DEMO_PASSWORD);
    await d.keyboard.press('Enter');
    await d.getByTestId('home').waitFor();
    await d.goto(`/drivers/${driverId}`);
    await d.getByRole('tab', { name: 'Pay' }).click();
    await expect
      .poll(() => d.getByTestId('balance-words').innerText())
      .toBe(`Collect ${gbp(-statement.netMinor)} from the driver`);
    const link = d.getByRole('link', { name: statement.statementNo! });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toBe(`/driver-pay/payments/${statement.id}`);
    await expectAccessible(d, "a driver's Pay tab");
    await d.screenshot({ path: '/tmp/driver-statements-desk.png', fullPage: true });
  });
});
