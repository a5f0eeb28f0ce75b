import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, forgetEverything, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

async function api(baseUrl: string, token: string | null, name: string, body: unknown) {
  const response = await fetch(`${baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Access tokens live six seconds in these journeys: each direct call signs in afresh. */
async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const { body } = await api(baseUrl, null, 'UserLogin/UserSignIn', {
    email,
    password: DEMO_PASSWORD,
    isDriverinWebView: 'False',
  });
  return body.accessToken as string;
}

/** A short drive along the Strand to the Savoy, the pick-up. */
const drive: [number, number][] = [
  [51.5074, -0.1278],
  [51.5081, -0.1262],
  [51.5088, -0.1245],
  [51.5094, -0.1228],
  [51.5101, -0.1205],
];

const statusOf = (page: Page) => page.getByTestId('booking-status').getAttribute('data-status');

describe('the driver app on a phone beside the dispatch desk', async () => {
  const phone = await openBrowser({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    permissions: ['geolocation'],
    geolocation: { latitude: drive[0]![0], longitude: drive[0]![1] },
    // The phone opens offline from what its service worker kept.
    serviceWorkers: 'allow',
  });
  const desk = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const p = phone.page;
  const d = desk.page;
  const base = desk.baseUrl;
  const admin = () => tokenOf(base, 'admin@ukcb.test');
  const driver = () => tokenOf(base, 'driver@ukcb.test');
  let bookingId = 0;

  const serverStatus = async () => {
    const { body } = await api(base, await admin(), 'Booking/GetBookingDetails', { id: bookingId });
    return (body.data as { status: string }).status;
  };

  beforeAll(async () => {
    await forgetEverything(d);
    await d.goto('/login?UKCB');
    await signInThroughForm(d, 'dispatcher@ukcb.test');
    await d.getByTestId('home').waitFor();

    await forgetEverything(p);
    await p.goto('/login?UKCB');
    await signInThroughForm(p, 'driver@ukcb.test');
    await p.waitForURL(/\/driver$/);
  });

  it('goes on shift from the phone with the vehicle driven', async () => {
    await p.getByRole('heading', { name: 'Today' }).waitFor();
    await expectAccessible(p, "the driver app's home");
    const onShift = p.getByTestId('shift-since');
    const start = p.getByTestId('shift-start');
    await expect
      .poll(async () => (await onShift.isVisible()) || (await start.isVisible()), { timeout: 10_000 })
      .toBe(true);
    if (await onShift.isVisible()) {
      await p.getByRole('button', { name: 'End shift' }).click();
      await start.waitFor();
    }
    await start.click();
    await onShift.waitFor();
    const { body } = await api(base, await driver(), 'Booking/GetDriverStatus', {});
    expect((body.data as { shift: unknown; userStatus: number }).shift).not.toBeNull();
    expect((body.data as { userStatus: number }).userStatus).toBe(1);
  });

  it('receives the offer dispatch makes, live, and accepts it', async () => {
    const profile = await api(base, await driver(), 'Driver/GetTableSummaryDriverDrvApp', {});
    const me = (profile.body.data as { firstName: string; lastName: string }[])[0]!;
    const status = await api(base, await driver(), 'Booking/GetDriverStatus', {});
    const vehicleId = (status.body.data as { shift: { vehicleId: number | null } }).shift.vehicleId;
    const vehicles = await api(base, await driver(), 'Driver/GetDriverVehicleListDrvApp', { perPage: 0 });
    const vehicleTypeId = (vehicles.body.data as { id: number; vehicleTypeId: number }[]).find(
      (v) => v.id === vehicleId,
    )?.vehicleTypeId;

    const created = await api(base, await admin(), 'Booking/Create', {
      isAsap: true,
      stops: [
        { address: 'The Savoy, Strand', lat: 51.5101, lng: -0.1205 },
        { address: 'Waterloo Station', lat: 51.5033, lng: -0.1145 },
      ],
      newPassenger: { firstName: 'Grace', surname: `Phone${Date.now() % 100000}`, phone: '+44 7700 900789' },
      ...(vehicleTypeId ? { vehicleTypeId } : {}),
    });
    expect(created.status).toBe(200);
    bookingId = (created.body.data as { id: number }).id;

    // Through the menu, as a dispatcher moves: the desk has been open since it signed in.
    await d.getByRole('link', { name: 'Dispatch', exact: true }).first().click();
    await d.getByTestId('board-search').fill(String(bookingId));
    await d
      .getByTestId('board-row')
      .filter({ hasText: `#${bookingId}` })
      .click();
    const pane = d.getByTestId('booking-detail');
    await pane.getByText(`#${bookingId}`).first().waitFor();
    await pane.getByTestId('choices-search').fill(`${me.firstName} ${me.lastName}`);
    await pane
      .getByTestId('driver-choice')
      .filter({ hasText: `${me.firstName} ${me.lastName}` })
      .first()
      .click();
    await pane.getByTestId('offer').click();
    // The demo driver may already hold a job at this time: the desk then shows the clash and asks.
    const anyway = pane.getByRole('button', { name: 'Offer anyway' });
    if (
      await anyway.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    )
      await anyway.click();

    // The phone hears of it over its socket: no reload, no tap.
    const offer = p.getByTestId(`offer-${bookingId}`);
    await offer.waitFor({ timeout: 10_000 });
    // Both answers read in full on a 390 px phone (a cut label once read "Accept j…").
    for (const id of ['offer-accept', 'offer-decline']) {
      const cut = await offer
        .getByTestId(id)
        .locator('.mantine-Button-label')
        .evaluate((label) => label.scrollWidth > label.clientWidth);
      expect(cut, id).toBe(false);
    }
    await offer.getByTestId('offer-accept').click();
    await expect.poll(serverStatus, { timeout: 10_000 }).toBe('accepted');
  });

  it('runs the job while the office watches each step live, and holds an arrival pressed without signal once', async () => {
    await d.goto(`/bookings/${bookingId}`);
    await expect.poll(() => statusOf(d)).toBe('accepted');
    await p.goto(`/driver/jobs/${bookingId}`);
    const next = p.getByTestId('journey-next');

    await expect.poll(() => next.textContent()).toBe('Start — on my way');
    await next.click();
    await expect.poll(() => statusOf(d), { timeout: 10_000 }).toBe('on_route');

    // The phone moves; its positions reach the booking's route.
    for (const [latitude, longitude] of drive) {
      await phone.context.setGeolocation({ latitude, longitude });
      await p.waitForTimeout(1_300);
    }
    await expect
      .poll(
        async () => {
          const { body } = await api(base, await admin(), 'Booking/GetBookingTrackingDetails', { id: bookingId });
          return (body.data as { route: unknown[] }).route.length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);

    // No signal in the car park: the press is kept on the phone and the screen moves on.
    await phone.context.setOffline(true);
    await expect.poll(() => next.textContent()).toBe('Arrived at pick-up');
    await next.click();
    await p.getByTestId('journey-queued').waitFor();
    await expect.poll(() => p.getByTestId('journey-status').textContent()).toBe('Arrived');
    await expect.poll(() => p.getByTestId('sync-state').getAttribute('data-state')).toBe('offline');
    expect(await serverStatus()).toBe('on_route');

    await phone.context.setOffline(false);
    await expect.poll(serverStatus, { timeout: 20_000 }).toBe('arrived');
    await expect.poll(() => statusOf(d), { timeout: 10_000 }).toBe('arrived');
    await p.getByTestId('journey-queued').waitFor({ state: 'detached', timeout: 10_000 });

    await expect.poll(() => next.textContent()).toBe('Passenger on board');
    await next.click();
    await expect.poll(() => statusOf(d), { timeout: 10_000 }).toBe('on_board');
    await expect.poll(() => next.textContent()).toBe('Complete job');
    await next.click();
    await expect.poll(() => statusOf(d), { timeout: 10_000 }).toBe('completed');

    const history = await api(base, await admin(), 'Booking/GetBookingHistoryLog', { id: bookingId, perPage: 0 });
    const actions = (history.body.data as { action: string }[]).map((h) => h.action);
    expect(actions.filter((a) => a === 'arrive')).toHaveLength(1);
    expect(actions.filter((a) => a === 'start')).toHaveLength(1);
    expect(actions.filter((a) => a === 'complete')).toHaveLength(1);

    // The office sees the route the phone drove.
    await d.reload();
    await expect
      .poll(async () => Number(await d.getByTestId('tracking').getAttribute('data-points')), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
  });

  it('opens with no network, from the phone, with the jobs it last saw', async () => {
    // Installable: a manifest that starts the driver app, standing alone.
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/driver', display: 'standalone' });
    await p.goto('/driver');
    await p.getByRole('heading', { name: 'Today' }).waitFor();
    // The service worker holds the app once it has taken control of the page.
    await expect.poll(() => p.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 15_000 }).toBe(true);
    await p.waitForTimeout(1_500);

    await phone.context.setOffline(true);
    await p.reload();
    await p.getByRole('heading', { name: 'Today' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => p.getByTestId('sync-state').getAttribute('data-state')).toBe('offline');
    await p.getByTestId('shift-since').waitFor();
    await phone.context.setOffline(false);
  });
});
