import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, settled } from '../support/accessibility';
import { openPassengerCards } from '../support/cards';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

describe('saved cards on a passenger record', async () => {
  const { page } = await openBrowser({ viewport: { width: 1366, height: 900 } });

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('adds a test card typed into the card form, which becomes the default', async () => {
    await openPassengerCards(page);
    await expectAccessible(page, 'passenger cards');
    const panel = page.getByTestId('cards-panel');
    const before = await panel.getByText('•••• 4444').count();
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').pressSequentially('5555 5555 5555 4444');
    await dialog.getByLabel('Expiry date').pressSequentially('12/34');
    await dialog.getByLabel('Security code (CVC)').pressSequentially('123');
    await settled(page);
    await expectAccessible(page, 'the card form');
    await page.screenshot({ path: '/tmp/cards-form.png' });
    // The number never leaves the browser: only the provider's token is sent.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Passenger/CreateCard')) sent.push(r.postData() ?? '');
    });
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => panel.getByText('•••• 4444').count()).toBe(before + 1);
    expect(sent.join('')).toContain('tok_offline_5555555555554444_12_2034');
    await settled(page);
    await page.screenshot({ path: '/tmp/cards-panel.png', fullPage: true });
  });

  it.each([
    ['client', '/clients'],
    ['driver', '/drivers'],
  ])("shows the %s record's cards, readable", async (kind, list) => {
    await page.goto(list);
    const first = page.locator(`table tbody tr a[href^="${list}/"]`).first();
    await first.waitFor({ timeout: 20_000 });
    await page.goto(`${await first.getAttribute('href')}?tab=cards`);
    await page.getByTestId('cards-panel').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('cards-panel')
      .getByText(/No saved cards|••••/)
      .first()
      .waitFor();
    await settled(page);
    await expectAccessible(page, `${kind} cards`);
    await page.screenshot({ path: `/tmp/cards-${kind}.png` });
  });
});
