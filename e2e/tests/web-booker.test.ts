import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';
import { boardDrawn } from '../support/board';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const shots = process.env.WEB_BOOKER_SHOTS;

/** Each step looked at on a phone and on a desk: axe on the phone, a picture of both when asked. */
async function lookAt(page: Page, name: string) {
  await expectAccessible(page, `/book ${name}`);
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** Types into an address field and takes the first place offered, with the keyboard. */
async function choosePlace(page: Page, label: string, typed: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.click();
  await field.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('option').count()).toBe(0);
}

const stepTitle = (page: Page) => page.getByTestId('step-title');

describe('a visitor books through the web booker', async () => {
  const desk = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const phone = await openBrowser({ viewport: PHONE, hasTouch: true });
  const office = desk.page;
  const visitor = phone.page;
  let bookingId = 0;
  let beforeCount = 0;

  beforeAll(async () => {
    await forgetEverything(office);
    await office.goto('/login?UKCB');
    await signInThroughForm(office, 'dispatcher@ukcb.test');
    await office.getByTestId('home').waitFor();
    await office.goto('/dispatch');
    await boardDrawn(office);
    beforeCount = Number(await office.getByTestId('tab-count-unallocated').textContent());
  });

  it('books on a phone-sized page, step by step, typing into the fields', async () => {
    await visitor.goto('/book?UKCB');
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Your journey');
    await lookAt(visitor, '1-journey-empty');

    // Nothing chosen: the page says what is missing, in words.
    await visitor.getByRole('button', { name: 'See vehicles and prices' }).click();
    await visitor.getByText('Choose the pick-up address').waitFor();
    await lookAt(visitor, '1-journey-errors');

    await choosePlace(visitor, 'Pick-up address', 'Savoy');
    await choosePlace(visitor, 'Drop-off address', 'Wembley');
    await visitor.getByRole('textbox', { name: 'Pick-up day' }).fill('tomorrow');
    await visitor.getByRole('textbox', { name: 'Pick-up time' }).fill('1630');
    await visitor.getByLabel('As soon as possible').check();
    const passengers = visitor.getByRole('textbox', { name: 'Passengers' });
    await passengers.fill('9');
    await lookAt(visitor, '1-journey-filled');
    await visitor.getByRole('button', { name: 'See vehicles and prices' }).click();
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Vehicle and price');
    await visitor.getByText('No vehicle can take 9 passengers').waitFor();
    await lookAt(visitor, '2-vehicle-none');

    await visitor.getByRole('button', { name: 'Back' }).click();
    await passengers.fill('2');
    await visitor.getByRole('button', { name: 'See vehicles and prices' }).click();
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Vehicle and price');
    await visitor.getByTestId('vehicle').first().waitFor();
    await lookAt(visitor, '2-vehicle');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Your details');
    await visitor.getByRole('textbox', { name: 'First name' }).pressSequentially('Vera');
    await visitor.getByRole('textbox', { name: 'Surname' }).pressSequentially(`Visitor${Date.now() % 100000}`);
    await visitor.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('+44 7700 900321');
    await visitor.getByRole('textbox', { name: 'E-mail' }).pressSequentially('vera.visitor@example.com');
    await lookAt(visitor, '3-details');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Payment');
    await visitor.getByText('Cash to the driver').waitFor();
    await lookAt(visitor, '4-payment');
    await visitor.getByRole('button', { name: 'Book now' }).click();

    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Booked');
    const number = await visitor.getByTestId('booking-number').textContent();
    bookingId = Number(/(\d+)/.exec(number ?? '')?.[1]);
    expect(bookingId).toBeGreaterThan(0);
    await lookAt(visitor, '5-done');
  });

  it('arrives pending on the office board without a reload', async () => {
    await office
      .getByTestId('board-row')
      .filter({ hasText: `#${bookingId}` })
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => Number(await office.getByTestId('tab-count-unallocated').textContent()))
      .toBe(beforeCount + 1);
  });

  it('shows the booking again at its confirmation address', async () => {
    await visitor.getByTestId('confirmation-link').click();
    await visitor.waitForURL(/\/book\/confirmation\//);
    await visitor.getByTestId('confirmation').waitFor();
    await expect.poll(() => visitor.getByTestId('booking-number').textContent()).toContain(String(bookingId));
    await visitor.getByText('Status: Pending').waitFor();
    await lookAt(visitor, '6-confirmation');
    await visitor.goto(`${new URL(visitor.url()).pathname.replace(/[^/]+$/, 'not-a-real-token')}?UKCB`);
    await visitor.getByText('We could not find a booking for this link').waitFor();
  });
});

describe('a signed-in passenger books for themselves', async () => {
  const { page } = await openBrowser({ viewport: PHONE, hasTouch: true });

  it('books with their details filled, cancels the booking and books it again', async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB_PassApp');
    await signInThroughForm(page, 'passenger@ukcb.test');
    await page.waitForURL(/\/my-bookings$/);
    await page.getByRole('heading', { name: 'My bookings' }).waitFor();
    // The lists are in (no spinner left) before axe looks.
    await page.getByTestId('my-booking').first().waitFor();
    await page.getByRole('button', { name: 'Book a ride' }).and(page.locator(':enabled')).waitFor();
    await expectAccessible(page, '/my-bookings');

    await page.getByRole('button', { name: 'Book a ride' }).click();
    await choosePlace(page, 'Pick-up address', 'Savoy');
    await choosePlace(page, 'Drop-off address', 'Wembley');
    await page.getByLabel('As soon as possible').check();
    await page.getByRole('button', { name: 'See vehicles and prices' }).click();
    await page.getByTestId('vehicle').first().waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'First name' }).inputValue()).not.toBe('');
    await expectAccessible(page, '/my-bookings details');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Book now' }).click();
    const number = await page.getByTestId('booking-number').textContent();
    const id = Number(/(\d+)/.exec(number ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);

    const row = page.getByTestId('my-booking').filter({ hasText: `#${id}` });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: `Cancel booking ${id}` }).click();
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    await row.getByText('Cancelled').waitFor();
    await expect.poll(() => page.locator('.mantine-Loader-root, .mantine-Modal-content').count()).toBe(0);
    await expectAccessible(page, '/my-bookings cancelled');
    if (shots) await page.screenshot({ path: `${shots}/7-my-bookings-phone.png` });

    await row.getByRole('button', { name: `Book again (like ${id})` }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Pick-up address' }).inputValue()).toContain('Savoy');
  });
});

describe('the web booker in the dark theme', async () => {
  const { page } = await openBrowser({ viewport: PHONE });

  it('is readable', async () => {
    await page.goto('/book?UKCB');
    await page.evaluate(() => localStorage.setItem('skin', 'dark'));
    await page.reload();
    await expect.poll(() => stepTitle(page).textContent()).toBe('Your journey');
    await page.getByRole('button', { name: 'See vehicles and prices' }).click();
    await page.getByText('Choose the pick-up address').waitFor();
    await expectAccessible(page, '/book (dark)');
  });
});
