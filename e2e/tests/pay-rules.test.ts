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

describe('an admin makes a driver pay model, types its commission, adds a night peak, a client rule and a bonus', async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const name = `Weekend commission ${Date.now() % 100000}`;

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('opens Pay models: the demo models are listed', async () => {
    await page.goto('/driver-pay/rules');
    await page.getByRole('heading', { name: 'Driver pay models' }).waitFor();
    await page.getByRole('link', { name: 'Mileage (own car)' }).waitFor();
    await expect(page.getByTestId('placeholder').count()).resolves.toBe(0);
    await expectAccessible(page);
    await shot(page, 'pay-models');
  });

  it('makes a commission model (version 1), types its commission (version 2)', async () => {
    await page.getByRole('button', { name: 'New pay model' }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Make the model' }).click();
    await page.waitForURL(/\/driver-pay\/rules\/\d+$/);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByTestId('version-in-force').getByText('version 1').waitFor();

    // More than 100 % is refused on its field, as the engine words it.
    await page.getByLabel(/^Cash jobs/).fill('120');
    await page
      .getByText(/must be at most 100/)
      .first()
      .waitFor();
    await page.getByLabel(/^Cash jobs/).fill('25');
    await page.getByLabel(/^Card jobs/).fill('22.5');
    await page.getByLabel(/^Account jobs/).fill('20');
    await expectAccessible(page);
    await shot(page, 'pay-model-basis');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByTestId('version-in-force').getByText('version 2').waitFor();
    await expect(page.getByLabel(/^Card jobs/).inputValue()).resolves.toBe('22.5');
  });

  it('adds a night peak time: a new version, listed under Versions', async () => {
    await page.getByRole('tab', { name: /Peak times/ }).click();
    await page.getByRole('button', { name: 'Add a peak time' }).click();
    await page.getByTestId('peak-time-1').getByLabel('Name').fill('Night');
    await page.getByTestId('peak-time-1').getByLabel('Multiplier of the fare').fill('1.2');
    await expectAccessible(page);
    await shot(page, 'pay-model-peaks');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByTestId('version-in-force').getByText('version 3').waitFor();

    await page.getByRole('tab', { name: /Versions/ }).click();
    const versions = page.getByTestId('versions');
    await versions.waitFor();
    await expect.poll(() => versions.locator('tbody tr').count()).toBe(3);
    await expect(versions.locator('tbody tr').first().innerText()).resolves.toContain('In force');
    await expectAccessible(page);
  });

  it('tries a job: the driver’s pay with its items and the rules considered', async () => {
    await page.getByRole('tab', { name: /Try a job/ }).click();
    const fare = page.getByLabel('Fare');
    await fare.fill('');
    await fare.pressSequentially('40.00');
    await page.getByRole('button', { name: 'Work it out' }).click();
    // 25 % commission on a cash job: £30.00, or £36.00 when the night peak (× 1.2) covers the time now
    await expect.poll(() => page.getByTestId('job-pay-amount').innerText()).toMatch(/^£3(0|6)\.00$/);
    await expect(page.getByTestId('job-pay').innerText()).resolves.toContain('Basis');
    await expectAccessible(page);
    await shot(page, 'pay-model-try');
  });

  it('adds a client rule and a bonus by typing: each a new version, shown in its table', async () => {
    await page.getByRole('tab', { name: /Client rules/ }).click();
    await page.getByRole('button', { name: 'Add a client rule' }).click();
    const rule = page.getByRole('dialog', { name: 'Client rule' });
    await rule.getByRole('combobox', { name: /^Client/ }).fill('Northwind');
    await page.getByRole('option', { name: 'Northwind Events' }).click();
    await rule.getByText('Fixed per job').click();
    await rule.getByLabel(/^Per job/).fill('6.50');
    await expectAccessible(page);
    await shot(page, 'pay-model-client-rule');
    await rule.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByTestId('version-in-force').getByText('version 4').waitFor();
    const rules = page.getByTestId('client-rules');
    await expect.poll(() => rules.innerText()).toContain('Northwind Events');
    await expect(rules.innerText()).resolves.toContain('£6.50');

    await page.getByRole('tab', { name: /Bonuses/ }).click();
    await page.getByRole('button', { name: 'Add a bonus' }).click();
    const bonus = page.getByRole('dialog', { name: 'Bonus' });
    await bonus.getByLabel(/^Name/).fill('Busy week');
    await bonus.getByRole('group', { name: 'Band 1' }).getByLabel(/^To/).fill('40');
    await bonus
      .getByRole('group', { name: 'Band 1' })
      .getByLabel(/^Amount/)
      .fill('10.00');
    await bonus.getByRole('button', { name: 'Add a band' }).click();
    await bonus
      .getByRole('group', { name: 'Band 2' })
      .getByLabel(/^Amount/)
      .fill('25.00');
    await expectAccessible(page);
    await shot(page, 'pay-model-bonus');
    await bonus.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByTestId('version-in-force').getByText('version 5').waitFor();
    await page.getByText('Busy week · jobs').waitFor();
    await expect(page.getByRole('tabpanel').innerText()).resolves.toContain('£25.00');
  });

  it('shows the assignment of drivers to models', async () => {
    await page.goto('/driver-pay/rules/assignments');
    await page.getByRole('heading', { name: 'Driver assignment' }).waitFor();
    await page.locator('main table tbody tr a').first().waitFor();
    await expectAccessible(page);
    await shot(page, 'pay-assignments');
  });
});
