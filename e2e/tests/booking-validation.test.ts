import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

interface Row {
  id: number;
  validationStatus: string;
  reason: string | null;
  acceptedMinor: number | null;
  priceMinor: number | null;
}

/**
 * A job's line on a tab, asked of the API as another device would: access tokens live six seconds in
 * these journeys, so it signs in afresh rather than borrow the page's, which may have run out.
 */
async function jobOn(baseUrl: string, tab: string, id: number): Promise<Row | undefined> {
  const signIn = await fetch(`${baseUrl}/UserLogin/UserSignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@ukcb.test', password: DEMO_PASSWORD, isDriverinWebView: 'False' }),
  });
  const { accessToken: token } = (await signIn.json()) as { accessToken: string };
  const response = await fetch(`${baseUrl}/BookingValidation/GetBookingValidataion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ tab, id, perPage: 0 }),
  });
  const body = (await response.json()) as { data: Row[] };
  return body.data[0];
}

/** The number of the job in the side panel. */
async function jobInHand(page: Page): Promise<number> {
  const title = await page.getByTestId('job-panel').locator('h3').textContent();
  return Number(/#(\d+)/.exec(title ?? '')?.[1]);
}

describe('the office validates done jobs from the keyboard', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  it('opens the jobs to validate with the keys shown', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    await page.goto('/finance/booking-validation');
    await page.getByTestId('job-panel').waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await page.getByRole('list', { name: 'Keyboard shortcuts' }).textContent()).toContain('validate');
    await expectAccessible(page, '/finance/booking-validation');
  });

  it('moves with J and K and validates the job in hand with V', async () => {
    const first = await jobInHand(page);
    await page.keyboard.press('j');
    await expect.poll(() => jobInHand(page), { timeout: 10_000 }).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(() => jobInHand(page), { timeout: 10_000 }).toBe(first);
    await page.keyboard.press('v');
    await expect
      .poll(async () => (await jobOn(baseUrl, 'validated', first))?.validationStatus, { timeout: 10_000 })
      .toBe('validated');
    // The next job comes up, and the validated one leaves the list to validate.
    await expect.poll(() => jobInHand(page), { timeout: 10_000 }).not.toBe(first);
    await expect.poll(() => page.getByTestId(`job-row-${first}`).count(), { timeout: 10_000 }).toBe(0);
  });

  it('marks a job invalid with I and a reason', async () => {
    const job = await jobInHand(page);
    await page.keyboard.press('i');
    const reason = page.getByRole('textbox', { name: 'Reason' });
    await reason.waitFor();
    await expectAccessible(page, 'the invalid reason dialog');
    await reason.pressSequentially('Passenger says the driver took a detour');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    const row = await jobOn(baseUrl, 'invalid', job);
    expect(row?.validationStatus).toBe('invalid');
    expect(row?.reason).toBe('Passenger says the driver took a detour');
  });

  it('recalculates with R after typing the waiting, and accepts the new fare with Enter', async () => {
    const job = await jobInHand(page);
    await page.getByRole('textbox', { name: 'Waiting minutes' }).fill('40');
    await page.getByTestId('validation-list').focus();
    await page.keyboard.press('r');
    const recalculation = page.getByTestId('recalculation');
    await recalculation.waitFor();
    // The demo's jobs were priced before breakdowns were kept: the recalculated one is shown in full.
    expect(await recalculation.getByTestId('price-breakdown').count()).toBeGreaterThan(0);
    expect(await recalculation.textContent()).toContain('Priced');
    await expectAccessible(page, 'the recalculated fare beside the priced one');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await jobOn(baseUrl, 'validated', job))?.validationStatus, { timeout: 10_000 })
      .toBe('validated');
    const row = await jobOn(baseUrl, 'validated', job);
    expect(row?.acceptedMinor).toBe(row?.priceMinor);
  });

  it('keeps the tab and filters when going away and back', async () => {
    await page.getByRole('tab', { name: 'Invalid' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('invalid');
    await page.getByTestId('job-panel').waitFor();
    await page.goto('/dashboard');
    await page.goBack();
    await page.getByTestId('job-panel').waitFor();
    expect(await page.getByRole('tab', { name: 'Invalid' }).getAttribute('aria-selected')).toBe('true');
  });
});
