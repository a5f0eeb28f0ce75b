import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, forgetEverything, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

/** Calls the product's API directly, as another device would. */
async function api(baseUrl: string, token: string | null, name: string, body?: unknown, method = 'POST') {
  const response = await fetch(`${baseUrl}/${name}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; message?: string } };
}

async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const { body } = await api(baseUrl, null, 'UserLogin/UserSignIn', {
    email,
    password: DEMO_PASSWORD,
    isDriverinWebView: 'False',
  });
  return (body as unknown as { accessToken: string }).accessToken;
}

async function choosePlace(page: Page, label: string, typed: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.click();
  await field.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('option').count()).toBe(0);
}

const stepTitle = (page: Page) => page.getByTestId('step-title');

describe('a visitor pays by card; the office sees it, the job is done, and part is refunded', async () => {
  const visitorBrowser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const officeBrowser = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const visitor = visitorBrowser.page;
  const office = officeBrowser.page;
  const base = officeBrowser.baseUrl;
  let bookingId = 0;
  let price = '';

  it('books on the web booker and pays with the test card, typed', async () => {
    await visitor.goto('/book?UKCB');
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Your journey');
    await choosePlace(visitor, 'Pick-up address', 'Savoy');
    await choosePlace(visitor, 'Drop-off address', 'Wembley');
    await visitor.getByRole('textbox', { name: 'Pick-up day' }).fill('tomorrow');
    await visitor.getByRole('textbox', { name: 'Pick-up time' }).fill('1130');
    await visitor.getByRole('button', { name: 'See vehicles and prices' }).click();
    await visitor.getByTestId('vehicle').first().waitFor();
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Your details');
    await visitor.getByRole('textbox', { name: 'First name' }).pressSequentially('Carla');
    await visitor.getByRole('textbox', { name: 'Surname' }).pressSequentially(`Card${Date.now() % 100000}`);
    await visitor.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('+44 7700 900456');
    await visitor.getByRole('textbox', { name: 'E-mail' }).pressSequentially('carla.card@example.com');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Payment');
    await visitor.getByRole('radio', { name: 'Card' }).check();
    const number = visitor.getByRole('textbox', { name: /card number/i });
    await number.waitFor();
    await expectAccessible(visitor, '/book payment by card');
    // A card the provider declines is said in words before anything is booked twice.
    await number.pressSequentially('4242 4242 4242 4241');
    await visitor.getByRole('textbox', { name: /expiry/i }).pressSequentially('12/34');
    await visitor.getByRole('textbox', { name: /security code|cvc/i }).pressSequentially('123');
    const pay = visitor.getByRole('button', { name: /Book and pay/ });
    await pay.click();
    await visitor.getByText('This card number is not valid: check the digits.').waitFor();
    await expect.poll(() => stepTitle(visitor).textContent()).toBe('Payment');
    await number.fill('');
    await number.pressSequentially('4242424242424242');
    price = /£[\d.,]+/.exec((await pay.textContent()) ?? '')?.[0] ?? '';
    expect(price).not.toBe('');
    await pay.click();

    await expect.poll(() => stepTitle(visitor).textContent(), { timeout: 15_000 }).toBe('Booked');
    await visitor.getByTestId('card-authorised').waitFor();
    expect(await visitor.getByTestId('card-authorised').textContent()).toContain(price);
    bookingId = Number(/(\d+)/.exec((await visitor.getByTestId('booking-number').textContent()) ?? '')?.[1]);
    expect(bookingId).toBeGreaterThan(0);
  });

  it('shows the office the card authorised on the booking', async () => {
    await forgetEverything(office);
    await office.goto('/login?UKCB');
    await signInThroughForm(office, 'admin@ukcb.test');
    await office.getByTestId('home').waitFor();
    await office.goto(`/bookings/${bookingId}`);
    const panel = office.getByRole('table', { name: 'Payment summary' });
    await panel.waitFor();
    await office.getByText('Card authorised', { exact: true }).first().waitFor();
    await office.getByText(`Authorised · ${price}`).waitFor();
    await expectAccessible(office, `/bookings/${bookingId} paid by card`);
  });

  it('captures the final price when the job is done', async () => {
    // Access tokens live seconds in the journeys: each call signs in afresh.
    const asAdmin = (name: string, body?: unknown, method?: string) =>
      tokenOf(base, 'admin@ukcb.test').then((token) => api(base, token, name, body, method));
    const vendors = await asAdmin('Vendor/GetVendorList', undefined, 'GET');
    const vendorId = (vendors.body.data as { id: number }[])[0]!.id;
    const details = async () =>
      (await asAdmin('Booking/GetBookingDetails', { id: bookingId })).body.data as {
        version: number;
        priceMinor: number;
      };
    const allocated = await asAdmin('Booking/UpdateBookingDriverAndVehicleHardSubContractor', {
      bookingId,
      version: (await details()).version,
      vendorId,
    });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    for (const move of ['accept', 'start', 'arrive', 'board', 'complete']) {
      const moved = await asAdmin('Booking/UpdateBookingStatus', { id: bookingId, move });
      expect(moved.status, `${move}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            (await asAdmin('Booking/CheckExistingPayment', { bookingId })).body.data as {
              paymentStatus: string;
            }
          ).paymentStatus,
        { timeout: 20_000 },
      )
      .toBe('paid');
    const state = (await asAdmin('Booking/CheckExistingPayment', { bookingId })).body.data as {
      paid: number;
      price: number;
    };
    expect(state.paid).toBe(state.price);
    await office.reload();
    await office.getByText(`Captured · ${price}`).waitFor();
  });

  it('refunds part of it with a reason, on the booking and in its history', async () => {
    await office.getByRole('button', { name: 'Refund' }).click();
    const dialog = office.getByRole('dialog', { name: 'Refund to the card' });
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await amount.fill('');
    await amount.pressSequentially('2.50');
    await dialog.getByRole('textbox', { name: 'Reason' }).pressSequentially('Late pick-up');
    await expectAccessible(office, 'the refund dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await office.getByText('Refunded · -£2.50').waitFor();
    await office.getByText('Partly refunded', { exact: true }).first().waitFor();
    await office
      .getByText(/Late pick-up/)
      .first()
      .waitFor();
  });
});
