import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/** A phone booking by keyboard only: every key press is counted, characters typed included. */
/** Set to a folder to keep pictures of the list and the filled form. */
const shots = process.env.SCREENSHOT_DIR;
const MOST_PRESSES = 45;

async function signedIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/UserLogin/UserSignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dispatcher@ukcb.test', password: DEMO_PASSWORD, isDriverinWebView: 'False' }),
  });
  const body = (await response.json()) as { accessToken: string; userData: { company: { timezone: string } } };
  return { token: body.accessToken, timeZone: body.userData.company.timezone };
}

/** Tomorrow on the company's clock at hh:mm, as the UTC instant the server stores. */
function tomorrowAt(timeZone: string, hour: number, minute: number): string {
  const parts = (at: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map((p) => [p.type, Number(p.value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  const today = parts(new Date());
  const wall = Date.UTC(today.year, today.month - 1, today.day + 1, hour, minute);
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const seen = parts(new Date(instant));
    instant += wall - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return new Date(instant).toISOString();
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el) return null;
    return (
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent?.replace(/\s*\*$/, '') : null) ??
      el.tagName
    );
  });

describe('a phone booking made with the keyboard only', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  let presses = 0;
  const press = async (key: string) => {
    presses += key.split('+').length;
    await page.keyboard.press(key);
  };
  const type = async (text: string) => {
    presses += text.length;
    await page.keyboard.type(text, { delay: 30 });
  };
  /** Waits (no key) until the suggestion Enter would choose is the one wanted. */
  const highlighted = (name: RegExp) =>
    page.locator('[data-combobox-option][data-combobox-selected]', { hasText: name }).waitFor({ timeout: 10_000 });

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'dispatcher@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it(`takes at most ${MOST_PRESSES} key presses, and saves tomorrow 16:30 with both stops placed`, async () => {
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New booking' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/booking-list.png`, fullPage: true });

    await press('n');
    await page.waitForURL(/\/bookings\/new$/);
    await page.getByPlaceholder('Type a name, phone or e-mail').waitFor();
    // The focus is on the first field of a phone call, not on the page or the menu.
    await expect.poll(() => focusedLabel(page), { timeout: 5000 }).toBe('Passenger');

    await type('pat pa');
    await highlighted(/Pat Passenger/);
    await press('Enter');
    await press('Tab');
    expect(await focusedLabel(page)).toBe('Pick-up');

    // Words in any order, and not side by side: "heat 5" is Heathrow Airport Terminal 5.
    await type('heat 5');
    await highlighted(/Heathrow Airport Terminal 5/);
    await press('Enter');
    await press('Tab');
    expect(await focusedLabel(page)).toBe('Drop-off');

    await type('sav');
    await highlighted(/Savoy/);
    await press('Enter');
    await press('Tab'); // add a via stop
    await press('Tab'); // postcodes and coordinates
    await press('Tab');
    expect(await focusedLabel(page)).toBe('Pick-up day');

    await type('tomorrow');
    await press('Tab');
    expect(await focusedLabel(page)).toBe('Pick-up time');
    await type('1630');
    await press('Tab');
    expect(await focusedLabel(page)).toBe('Vehicle type');

    await type('sal');
    await highlighted(/Saloon/);
    await press('Enter');
    if (shots) await page.screenshot({ path: `${shots}/booking-form.png`, fullPage: true });
    await press('Control+Enter');

    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 15_000 });
    const bookingId = Number(/\/bookings\/(\d+)$/.exec(page.url())![1]);
    console.info(`phone booking #${bookingId} by keyboard: ${presses} key presses`);
    expect(presses).toBeLessThanOrEqual(MOST_PRESSES);

    const { token, timeZone } = await signedIn(baseUrl);
    const response = await fetch(`${baseUrl}/Booking/GetBookingDetails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: bookingId }),
    });
    const booking = ((await response.json()) as { data: BookingSeen }).data;
    expect(new Date(booking.pickupAt).toISOString()).toBe(tomorrowAt(timeZone, 16, 30));
    expect(booking.passengerName).toBe('Pat Passenger');
    expect(booking.vehicleTypeName).toBe('Saloon');
    expect(booking.stops.map((s) => s.address)).toEqual(['Heathrow Airport Terminal 5', 'The Savoy, Strand']);
    for (const stop of booking.stops) {
      expect(stop.lat).toEqual(expect.any(Number));
      expect(stop.lng).toEqual(expect.any(Number));
    }
  });

  it('gives the time typed after a day is picked on the calendar, whatever the time field held', async () => {
    await page.goto('/bookings/new');
    await page.getByRole('button', { name: 'Choose the day on a calendar' }).click();
    await page.getByRole('button', { name: /^15 / }).first().click();
    await expect.poll(() => focusedLabel(page), { timeout: 5000 }).toBe('Pick-up day');
    const time = page.getByLabel(/^Pick-up time/);
    for (const [typed, shown] of [
      ['1630', '16:30'],
      ['0930', '09:30'],
      ['2215', '22:15'],
    ]) {
      await time.click();
      await page.keyboard.type(typed as string);
      await page.keyboard.press('Shift+Tab');
      expect(await time.inputValue()).toBe(shown);
    }
  });

  it('refuses a day without a time instead of booking midnight', async () => {
    await page.goto('/bookings/new');
    await page.getByLabel(/^Pick-up day/).click();
    await page.keyboard.type('tomorrow');
    await page.getByRole('button', { name: 'Create booking' }).click();
    await page.getByText('Choose the pick-up time').waitFor();
  });
});

interface BookingSeen {
  pickupAt: string;
  passengerName: string | null;
  vehicleTypeName: string | null;
  stops: { address: string; lat: number | null; lng: number | null }[];
}
