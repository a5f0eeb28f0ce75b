import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/** Chariot Chauffeurs: the other journeys pay on UKCB's offline provider, which this one leaves alone. */
describe('the payment settings', async () => {
  const { page } = await openBrowser({ viewport: { width: 1366, height: 1000 } });

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?CharChauf');
    await signInThroughForm(page, 'admin@charchauf.test');
    await page.getByTestId('home').waitFor();
  });

  it('saves Stripe keys write-only, shows the webhook address and refuses a key of the other mode', async () => {
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await page.waitForURL(/\/settings\/payments$/);
    await page.getByText('The offline provider is for trying the product and for tests').waitFor();
    await page.getByText('Stripe', { exact: true }).click();
    await page.getByLabel(/^Publishable key/).fill('pk_test_51Journey1111');
    await page.getByLabel(/^Secret key/).fill('sk_test_51Journey4242');
    await page.getByLabel(/^Webhook signing secret/).fill('whsec_journeySecret9876');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('secretKey-saved').textContent()).toBe('saved — ends in 4242');
    await expect.poll(() => page.getByTestId('webhookSecret-saved').textContent()).toBe('saved — ends in 9876');
    expect(await page.getByTestId('webhook-url').textContent()).toMatch(/\/webhooks\/payments\/\d+$/);
    // The secret is never in the page again, not even in a field's value.
    expect(await page.content()).not.toContain('sk_test_51Journey4242');
    await expectAccessible(page, 'payment settings with Stripe');

    await page.getByRole('button', { name: 'Replace the Secret key' }).click();
    await page.getByLabel(/^Secret key/).fill('sk_live_51Journey0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Secret key is a live key but the mode is test').first().waitFor();
    await page.getByRole('button', { name: 'Undo changes' }).click();
  });

  it('goes back to the offline provider and tests it in words', async () => {
    await page.getByText('Offline test provider', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved, not only saving: the Save button is disabled while it saves too.
    await page.getByText('Payment settings saved').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Test the keys' }).click();
    await expect
      .poll(() => page.getByTestId('key-test-answer').textContent())
      .toContain('The offline test provider needs no keys');
  });
});
