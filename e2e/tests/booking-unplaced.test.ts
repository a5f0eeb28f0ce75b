import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { forgetEverything, openBrowser, signInThroughForm, DEMO_PASSWORD } from '../support/browser';

interface Stop {
  address: string;
  lat: number | null;
  lng: number | null;
}
interface Booking {
  id: number;
  priceMinor: number | null;
  distanceMetres: number | null;
  isUnplaced: boolean;
  stops: Stop[];
}

/** Screenshots for a person to look at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

describe('addresses are placed before a booking is saved', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  /** A booking as the API answers it (an access token lives six seconds here: sign in each time). */
  async function bookingOf(id: number): Promise<Booking> {
    const signIn = await fetch(`${baseUrl}/UserLogin/UserSignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ukcb.test', password: DEMO_PASSWORD, isDriverinWebView: 'False' }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const res = await fetch(`${baseUrl}/Booking/GetBookingDetails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ id }),
    });
    return ((await res.json()) as { data: Booking }).data;
  }

  const addresses = () => page.getByPlaceholder('Address, or start typing a known place');

  /** Types an address and leaves the field, as a dispatcher does. */
  async function typeAddress(index: number, text: string) {
    const field = addresses().nth(index);
    await field.click();
    await field.fill(text);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
  }

  /** The rest of a booking: as soon as possible, a new passenger, a saloon; then save it. */
  async function finishAndSave(surname: string): Promise<number> {
    await page.getByLabel('As soon as possible').check();
    await page.locator('label', { hasText: 'New passenger' }).click();
    await page.getByLabel(/^First name/).fill('Pat');
    await page.getByLabel(/^Surname/).fill(surname);
    // A passenger's phone is theirs alone: each booking here gets a new one.
    await page.getByLabel('Phone', { exact: true }).fill(`+44 7700 9${String(Date.now()).slice(-5)}`);
    await page.getByRole('combobox', { name: 'Vehicle type' }).click();
    await page
      .getByRole('option', { name: /Saloon/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Create booking' }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 15_000 }).catch(async (error: unknown) => {
      await shot(page, `not-saved-${surname}`);
      throw error;
    });
    return Number(/\/bookings\/(\d+)$/.exec(page.url())![1]);
  }

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'dispatcher@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('places a free-text address by its postcode district and prices the booking', async () => {
    await page.goto('/bookings/new');
    await typeAddress(0, '12 Queen Street, Reading RG1 1AA');
    await page
      .getByTestId('stop-0')
      .getByText(/Placed by the postcode district of RG1 1AA/)
      .waitFor();
    await typeAddress(1, '221B Baker Street, London NW1 6XE');
    await page
      .getByTestId('stop-1')
      .getByText(/Placed by/)
      .waitFor();
    const id = await finishAndSave('Reading');
    const booking = await bookingOf(id);
    expect(booking.stops[0]?.lat).toBeCloseTo(51.455, 2);
    expect(booking.priceMinor).toBeGreaterThan(0);
    expect(booking.distanceMetres).toBeGreaterThan(50_000);
    expect(booking.isUnplaced).toBe(false);
  });

  it('asks for a pin when nothing finds the address, and the keyboard places it', async () => {
    await page.goto('/bookings/new');
    await typeAddress(0, 'Flurble Wibbleton Grange');
    await typeAddress(1, '12 Queen Street, Reading RG1 1AA');
    const pickup = page.getByTestId('stop-0');
    await pickup.getByText(/We could not find this address/).waitFor();
    await pickup.getByRole('button', { name: 'Place on map: Pick-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place Pick-up on the map' });
    await dialog.getByText('We could not find “Flurble Wibbleton Grange”', { exact: false }).waitFor();
    const map = dialog.getByRole('application');
    await map.focus();
    await page.keyboard.press('ArrowUp'); // the first key drops the pin in the middle of the map
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await dialog.getByText(/^Pin at 51\.\d+, -0\.\d+\.$/).waitFor();
    await shot(page, 'pin-drop-dialog');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // Coordinates sit behind the "Postcodes and coordinates" disclosure, out of a phone booking's way.
    await page.getByRole('button', { name: 'Postcodes and coordinates' }).click();
    await expect.poll(() => pickup.getByRole('textbox', { name: 'Latitude of Pick-up' }).inputValue()).toMatch(/^51\./);
    const id = await finishAndSave('Pinned');
    const booking = await bookingOf(id);
    expect(booking.stops[0]).toMatchObject({ address: 'Flurble Wibbleton Grange' });
    expect(booking.stops[0]?.lat).toBeCloseTo(51.45, 1);
    expect(booking.isUnplaced).toBe(false);
    expect(booking.priceMinor).toBeGreaterThan(0);
  });

  it('saves unplaced only when confirmed, and the board says "Not placed, not priced"', async () => {
    await page.goto('/bookings/new');
    await typeAddress(0, 'Zorblax Mumble Farm');
    await typeAddress(1, '12 Queen Street, Reading RG1 1AA');
    await page
      .getByTestId('stop-0')
      .getByText(/We could not find this address/)
      .waitFor();
    await page.getByLabel('Save without placing it').check();
    const id = await finishAndSave('Unplaced');
    const booking = await bookingOf(id);
    expect(booking).toMatchObject({ isUnplaced: true, priceMinor: null });

    await page.goto('/dispatch');
    const row = page.getByTestId('board-row').filter({ hasText: `#${id}` });
    await row.waitFor();
    await row.getByText('Not placed, not priced').waitFor();
    await shot(page, 'board-unplaced');
  });
});
