import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/** Screenshots for a person to look at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe('an admin builds a mileage model and gives it to a client', async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const name = `Night and day ${Date.now() % 100000}`;
  let modelPath = '';
  let clientName = '';

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('opens Pricing from the menu: the list of models and the try-a-fare panel', async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Pricing models' }).waitFor();
    await page.getByTestId('try-fare').waitFor();
    await expect(page.getByTestId('placeholder').count()).resolves.toBe(0);
    await expectAccessible(page);
    await shot(page, 'pricing-list');
  });

  it('makes a standard model with three bands and a night peak, and sees its fare curve', async () => {
    await page.getByRole('button', { name: 'New model' }).click();
    await page.getByRole('menuitem', { name: 'Mileage (standard)' }).click();
    await page.waitForURL(/\/pricing\/new\?kind=standard$/);
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Base fare', { exact: true }).fill('3.50');
    await page.getByLabel('Band 1 rate per km').fill('2.00');
    await page.getByRole('button', { name: 'Add a band' }).click();
    await page.getByRole('button', { name: 'Add a band' }).click();
    await page.getByLabel('Band 2 rate per km').fill('1.50');
    await page.getByLabel('Band 2 to km').fill('30');
    await page.getByLabel('Band 3 from km').fill('30');
    await page.getByLabel('Band 3 rate per km').fill('1.00');
    // 10 km: £3.50 + 10 × £2.00.
    await expect.poll(() => page.getByTestId('curve-table').innerText()).toContain('£23.50');
    // A band that overlaps the one above is named, and the curve is not drawn.
    await page.getByLabel('Band 3 from km').fill('25');
    await page
      .getByTestId('curve-problem')
      .getByText(/overlaps the band above, which ends at 30 km/)
      .waitFor();
    await page.getByLabel('Band 3 from km').fill('30');
    await page.getByTestId('curve-problem').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add a peak time' }).click();
    await page.getByTestId('peak-time-1').getByLabel('Name').fill('Night');
    await page.getByTestId('peak-time-1').getByLabel('Multiplier of the fare').fill('1.5');
    await page.getByRole('combobox', { name: 'Priced at' }).click();
    await page.getByRole('option', { name: 'At Night' }).click();
    await expect.poll(() => page.getByTestId('curve-table').innerText()).toContain('£35.25');
    await page.locator('[data-testid="fare-curve"] .recharts-surface').first().waitFor();
    await expectAccessible(page);
    await shot(page, 'pricing-editor');

    await page.getByRole('button', { name: 'Make the model' }).click();
    await page.waitForURL(/\/pricing\/\d+$/);
    modelPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('version 1', { exact: true }).waitFor();
    await expect(page.getByLabel('Band 3 rate per km').inputValue()).resolves.toBe('1.00');
    await expectAccessible(page);
  });

  it('saves a change as a new version and shows the old one read-only', async () => {
    await page.getByLabel('Base fare', { exact: true }).fill('4.00');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('version 2', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /Versions/ }).click();
    await page.getByTestId('versions').waitFor();
    await page.getByText(/Version 1, as it was/).waitFor();
    await expect(page.getByLabel('Base fare', { exact: true }).inputValue()).resolves.toBe('3.50');
    await expectAccessible(page);
  });

  it('gives the model to a client from the client pricing list', async () => {
    await page.goto('/pricing/clients');
    await page.getByRole('heading', { name: 'Client pricing' }).waitFor();
    await page.locator('main table tbody tr').first().waitFor();
    const select = page.getByRole('combobox', { name: /^Pricing model of / }).first();
    const client = ((await select.getAttribute('aria-label')) ?? '').replace('Pricing model of ', '');
    await select.click();
    await page.getByRole('option', { name }).click();
    await page.getByText('Client pricing saved').first().waitFor();
    await expectAccessible(page);

    await page.goto(modelPath + '?tab=clients');
    await page.getByRole('link', { name: client }).first().waitFor();
    clientName = client;
  });

  it("books for that client and sees the price made by the client's model, with its breakdown", async () => {
    await page.goto('/bookings/new');
    await page.getByRole('combobox', { name: 'Client', exact: true }).click();
    await page.getByRole('combobox', { name: 'Client', exact: true }).fill(clientName.slice(0, 6));
    await page.getByRole('option', { name: clientName }).first().click();
    const addresses = page.getByPlaceholder('Address, or start typing a known place');
    for (const [n, typed] of [
      [0, 'Waterloo Station'],
      [1, 'Royal Albert Hall'],
    ] as const) {
      await addresses.nth(n).click();
      await addresses.nth(n).fill(typed);
      await page
        .getByRole('option', { name: new RegExp(typed) })
        .first()
        .click();
    }
    await page.getByRole('button', { name: 'Get quote' }).click();
    const breakdown = page.getByTestId('price-breakdown');
    await breakdown.waitFor();
    await breakdown
      .getByText(new RegExp(`${name}.*version 2`))
      .first()
      .waitFor();
    await expect(breakdown.innerText()).resolves.toMatch(/Base fare/);
    await expectAccessible(page, 'the booking form with a breakdown');
    await shot(page, 'booking-form-breakdown');
  });

  it('tries a fare between two places under every model', async () => {
    await page.goto('/pricing');
    const panel = page.getByTestId('try-fare');
    await panel.getByLabel('Pick-up').fill('Heathrow Airport Terminal 5');
    await page
      .getByRole('option', { name: /Heathrow Airport Terminal 5/ })
      .first()
      .click();
    await panel.getByLabel('Drop-off').fill('Heathrow Airport Terminal 2');
    await page
      .getByRole('option', { name: /Heathrow Airport Terminal 2/ })
      .first()
      .click();
    await panel.getByRole('button', { name: 'Price it' }).click();
    await panel.getByTestId('try-booking').getByText(/£\d/).first().waitFor();
    await panel.getByText(name).first().waitFor();
    // Nothing still searching (a spinner turns for ever, and axe reads colours once it stops).
    await page.getByRole('heading', { name: 'Try a fare' }).click();
    await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'pricing-try-fare');
  });
  it('opens the editors of the other kinds: per vehicle type, zone to zone and hourly', async () => {
    for (const kind of ['vehicle', 'zone', 'hourly'] as const) {
      await page.goto(`/pricing/new?kind=${kind}`);
      await page.getByRole('heading', { name: /^New pricing model/ }).waitFor();
      if (kind === 'vehicle') {
        await page.getByRole('button', { name: 'Add a vehicle type' }).click();
        await page.getByText('Own tariff', { exact: true }).click();
        await page.getByLabel('Band 1 rate per km').nth(1).waitFor();
      }
      if (kind === 'zone') await page.getByTestId('zone-grid').waitFor();
      if (kind === 'hourly') await page.getByRole('button', { name: 'Add a vehicle type' }).click();
      await expect(page.getByTestId('fare-curve').innerText()).resolves.toMatch(
        kind === 'vehicle' ? /5 km/ : /drawn for distance models/,
      );
      await expectAccessible(page);
      await shot(page, `pricing-editor-${kind}`);
    }
  });
});
