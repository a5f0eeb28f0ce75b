import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { forgetEverything, openBrowser, signInThroughForm, DEMO_PASSWORD } from '../support/browser';
import { expectAccessible } from '../support/accessibility';
import { boardDrawn } from '../support/board';

/** Calls the product's API directly, as another device would (a driver's phone, a second office). */
async function api(baseUrl: string, token: string | null, name: string, body: unknown) {
  const response = await fetch(`${baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function tokenOf(baseUrl: string, email: string): Promise<{ token: string; personId: number }> {
  const { body } = await api(baseUrl, null, 'UserLogin/UserSignIn', {
    email,
    password: DEMO_PASSWORD,
    isDriverinWebView: 'False',
  });
  const token = (body as { accessToken: string }).accessToken;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { pid: number };
  return { token, personId: claims.pid };
}

async function signIn(page: Page, email: string) {
  await forgetEverything(page);
  await page.goto('/login?UKCB');
  await signInThroughForm(page, email);
  await page.getByTestId('home').waitFor();
}

/** Picks the first option of a searchable address field that offers known places. */
async function knownPlace(page: Page, field: ReturnType<Page['getByPlaceholder']>, typed: string) {
  await field.click();
  await field.fill(typed);
  await page.getByRole('option').first().click();
}

describe('the dispatch desk with two dispatchers', async () => {
  const desk = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const phone = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const a = desk.page;
  const b = phone.page;
  let bookingId = 0;
  // Access tokens live six seconds in these journeys: every direct call signs in afresh.
  const admin = async () => (await tokenOf(desk.baseUrl, 'admin@ukcb.test')).token;

  beforeAll(async () => {
    await Promise.all([signIn(a, 'dispatcher@ukcb.test'), signIn(b, 'admin@ukcb.test')]);
  });

  it("shows a booking taken in one browser on the other's board without a reload", async () => {
    await a.goto('/dispatch');
    await boardDrawn(a);
    await expectAccessible(a);
    const beforeCount = Number(await a.getByTestId('tab-count-unallocated').textContent());

    await b.goto('/bookings/new');
    const addresses = b.getByPlaceholder('Address, or start typing a known place');
    await knownPlace(b, addresses.nth(0), 'Savoy');
    await knownPlace(b, addresses.nth(1), 'Wembley');
    await b.getByLabel('As soon as possible').check();
    await b.locator('label', { hasText: 'New passenger' }).click();
    await b.getByLabel(/^First name/).fill('Ada');
    await b.getByLabel(/^Surname/).fill(`Board${Date.now() % 100000}`);
    await b.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await b.getByRole('combobox', { name: 'Vehicle type' }).click();
    await b
      .getByRole('option', { name: /Saloon/ })
      .first()
      .click();
    await expectAccessible(b, 'the booking form, filled in');
    await b.getByRole('button', { name: 'Create booking' }).click();
    await b.waitForURL(/\/bookings\/\d+$/);
    bookingId = Number(/\/bookings\/(\d+)$/.exec(b.url())![1]);

    // The first browser hears of it over its socket: no reload, no click.
    await a
      .getByTestId('board-row')
      .filter({ hasText: `#${bookingId}` })
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => Number(await a.getByTestId('tab-count-unallocated').textContent()))
      .toBe(beforeCount + 1);
  });

  it('allocates the booking from the board with the keyboard alone', async () => {
    await a.keyboard.press('/');
    await expect.poll(() => a.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('board-search');
    await a.keyboard.type(String(bookingId));
    await a
      .getByTestId('board-row')
      .first()
      .filter({ hasText: `#${bookingId}` })
      .waitFor();
    await a.keyboard.press('Escape');
    await a.keyboard.press('ArrowDown');
    await a.keyboard.press('Enter');
    const pane = a.getByTestId('booking-detail');
    await pane.getByText(`#${bookingId}`).first().waitFor();
    await pane.getByTestId('suggestion').first().waitFor();
    await a.keyboard.press('a');
    await expect
      .poll(async () => {
        const { body } = await api(desk.baseUrl, await admin(), 'Booking/GetBookingDetails', { id: bookingId });
        return (body as { data: { status: string } }).data.status;
      })
      .toBe('allocated');
    // The other browser, on the booking's page, sees the driver arrive without a reload.
    await b.getByText('No driver yet').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('lists drivers with their state and refuses one with an expired document, in words, before any click', async () => {
    const { body } = await api(desk.baseUrl, await admin(), 'Booking/GetTableSummaryDriverListDocumentExpiry', {
      perPage: 0,
    });
    const rows = (
      body as {
        data: { driverId: number; driverName: string; ownerType: string; state: string; isMandatory: boolean }[];
      }
    ).data;
    const lapsed = rows.find((r) => r.state === 'expired' && r.isMandatory && r.ownerType === 'driver');
    expect(lapsed, 'the demo holds a driver with an expired document').toBeTruthy();

    const fresh = await api(desk.baseUrl, await admin(), 'Booking/Create', {
      isAsap: true,
      stops: [
        { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 },
        { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
      ],
      newPassenger: { firstName: 'Ben', surname: 'Lapsed', phone: '+44 7700 900456' },
      // The vehicle type the driver drives today, so that only the document stands in the way.
      vehicleTypeId: await shiftVehicleTypeOf(desk.baseUrl, await admin(), lapsed!.driverId),
    });
    expect(fresh.status).toBe(200);
    const freshId = (fresh.body as { data: { id: number } }).data.id;

    await a.getByTestId('board-search').fill(String(freshId));
    await a
      .getByTestId('board-row')
      .filter({ hasText: `#${freshId}` })
      .click();
    const pane = a.getByTestId('booking-detail');
    await pane.getByText(`#${freshId}`).first().waitFor();
    // The manual list shows every driver's state and marks the refused one with the reason, before any click.
    const list = pane.getByTestId('driver-choices');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('driver-choice').count()).toBeGreaterThan(1);
    const states = await list.getByTestId('driver-choice').allTextContents();
    expect(states.some((text) => /Available|Busy|On break|Offline/.test(text))).toBe(true);
    const row = list.getByTestId('driver-choice').filter({ hasText: lapsed!.driverName }).first();
    await row.scrollIntoViewIfNeeded();
    expect(await row.getAttribute('aria-disabled')).toBe('true');
    const reason = (await row.getByTestId('refusal').first().textContent())!;
    expect(reason).toMatch(/expired on \d\d-\d\d-\d{4}/);
    expect(await row.textContent()).toContain('Blocked:');
    await a.screenshot({ path: '/tmp/cabdesk-manual-driver-list.png' });
    // The allocation refuses in the same words.
    const refused = await api(desk.baseUrl, await admin(), 'Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: freshId,
      driverId: lapsed!.driverId,
    });
    expect(refused.status).toBe(422);
    expect((refused.body as { message: string }).message).toBe(reason);
    const { body: after } = await api(desk.baseUrl, await admin(), 'Booking/GetBookingDetails', { id: freshId });
    expect((after as { data: { status: string; driverId: number | null } }).data).toMatchObject({
      status: 'confirmed',
      driverId: null,
    });
    // The job picks up now and has no driver: flagged on the board.
    await a.getByTestId('board-search').fill('');
    await a.getByTestId('near-pickups').waitFor({ timeout: 10_000 });
    await a.screenshot({ path: '/tmp/cabdesk-board-near.png' });
  });

  it('shows the clash when allocating a job that overlaps one the driver holds, and allocates anyway when asked', async () => {
    const at = new Date(Date.now() + 2 * 3600_000);
    at.setSeconds(0, 0);
    const types = await api(desk.baseUrl, await admin(), 'Common/GetVehicleTypeList', { perPage: 0 });
    const vehicleTypeId = (types.body as { data: { id: number }[] }).data[0]!.id;
    const create = async (pickupAt: Date, surname: string) => {
      const made = await api(desk.baseUrl, await admin(), 'Booking/Create', {
        vehicleTypeId,
        pickupAt: pickupAt.toISOString(),
        stops: [
          { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 },
          { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
        ],
        newPassenger: {
          firstName: 'Cleo',
          surname,
          phone: surname === 'First' ? '+44 7700 900781' : '+44 7700 900782',
        },
      });
      expect(made.status).toBe(200);
      return (made.body as { data: { id: number } }).data.id;
    };
    const first = await create(at, 'First');
    const second = await create(new Date(at.getTime() + 10 * 60_000), 'Second');
    const { body } = await api(desk.baseUrl, await admin(), 'Booking/GetDriverChoices', { bookingId: first });
    const free = (
      body as { data: { drivers: { driverId: number; driverName: string; refusals: string[]; warnings: string[] }[] } }
    ).data.drivers.find((d) => !d.refusals.length && !d.warnings.length);
    expect(free, 'a driver the rules allow').toBeTruthy();
    const held = await api(desk.baseUrl, await admin(), 'Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: first,
      driverId: free!.driverId,
    });
    expect(held.status).toBe(200);

    // The board shows one day of the company's calendar: two hours from a late evening is tomorrow.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(at.getTime() + 10 * 60_000),
    );
    await a.goto(`/dispatch?date=${day}`);
    await a.getByTestId('board-search').fill(String(second));
    await a
      .getByTestId('board-row')
      .filter({ hasText: `#${second}` })
      .click();
    const pane = a.getByTestId('booking-detail');
    const row = pane.getByTestId('driver-choice').filter({ hasText: free!.driverName }).first();
    await row.waitFor();
    await expect.poll(() => row.getByTestId('warning').first().textContent()).toContain(`Has job #${first}`);
    await row.click();
    await pane.getByTestId('allocate').click();
    const clash = pane.getByTestId('action-error');
    await clash.waitFor();
    await expect.poll(() => clash.textContent()).toContain(`has job #${first}`);
    await clash.getByTestId('allow-overlap').click();
    await expect
      .poll(async () => {
        const { body: b2 } = await api(desk.baseUrl, await admin(), 'Booking/GetBookingDetails', { id: second });
        return (b2 as { data: { status: string; driverId: number | null } }).data;
      })
      .toMatchObject({ status: 'allocated', driverId: free!.driverId });
  });

  it('shows a blocked driver on the status page', async () => {
    await a.goto('/driver-status');
    await a.getByTestId('driver-blocked').first().waitFor({ timeout: 10_000 });
    expect(await a.getByTestId('driver-blocked').first().textContent()).toMatch(/^Blocked: .+ expired$/);
    await a.screenshot({ path: '/tmp/cabdesk-driver-status.png', fullPage: true });
  });

  it('chats with a driver in both directions, live', async () => {
    const driver = await tokenOf(desk.baseUrl, 'driver@ukcb.test');
    await a.goto(`/chat?driverId=${driver.personId}`);
    const words = `Please call the office ${Date.now() % 100000}`;
    await a.getByPlaceholder(/Write a message/).fill(words);
    await a.getByPlaceholder(/Write a message/).press('Enter');
    await expect
      .poll(async () => {
        const { token } = await tokenOf(desk.baseUrl, 'driver@ukcb.test');
        const { body } = await api(desk.baseUrl, token, 'Driver/GetDriverChatss', {});
        return JSON.stringify(body);
      })
      .toContain(words);

    const answer = `On my way ${Date.now() % 100000}`;
    const sent = await api(
      desk.baseUrl,
      (await tokenOf(desk.baseUrl, 'driver@ukcb.test')).token,
      'Driver/SendMessage',
      {
        message: answer,
      },
    );
    expect(sent.status).toBe(200);
    await a.getByTestId('chat-message').filter({ hasText: answer }).waitFor({ timeout: 10_000 });
    await expectAccessible(a, 'the chat with a driver');
  });

  it('records an incident against the booking, closes it, and the Closed badge tells who, when and what', async () => {
    await a.goto(`/incident?bookingId=${bookingId}`);
    await a.getByRole('button', { name: 'Record incident' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await a.getByRole('option', { name: 'Late arrival' }).click();
    await dialog.getByLabel(/^What happened/).fill('Driver arrived twelve minutes late.');
    await dialog.getByRole('button', { name: 'Record incident' }).click();
    await dialog.waitFor({ state: 'detached' });
    await a.locator('tbody').getByText('Open', { exact: true }).first().waitFor();

    await a.getByRole('button', { name: 'Close incident' }).first().click();
    const closing = a.getByRole('dialog');
    await closing.getByLabel(/^Action taken/).fill('Apologised and refunded the waiting charge.');
    await closing.getByRole('button', { name: 'Close incident' }).click();
    await closing.waitFor({ state: 'detached' });

    await a.locator('tbody').getByText('Closed', { exact: true }).first().hover();
    const tooltip = a.getByTestId('closed-tooltip');
    await tooltip.waitFor();
    await expect.poll(() => tooltip.textContent()).toMatch(/Closed by .+ on .+/);
    expect(await tooltip.textContent()).toContain('Apologised and refunded the waiting charge.');
    await expectAccessible(a, 'the incidents of a booking, one closed');
  });
});

async function shiftVehicleTypeOf(baseUrl: string, token: string, driverId: number): Promise<number> {
  const { body } = await api(baseUrl, token, 'Driver/GetTableSummaryDriverAllocation', { perPage: 0 });
  const rows = (body as { data: { id: number; vehicleTypeId: number | null }[] }).data;
  const typeId = rows.find((r) => r.id === driverId)?.vehicleTypeId;
  if (typeId) return typeId;
  const types = await api(baseUrl, token, 'Common/GetVehicleTypeList', { perPage: 0 });
  return (types.body as { data: { id: number }[] }).data[0]!.id;
}
