import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

describe('running the register', async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('shows the business on the dashboard from real bookings', async () => {
    await page.getByTestId('dashboard-filters').waitFor();
    await expect.poll(() => page.getByTestId('pending-total').textContent()).toMatch(/£[\d,]+/);
    await page.getByTestId('bookings-graph').waitFor();
    await page.getByTestId('panel-top-drivers').getByText(/^1\./).first().waitFor();
    await expectAccessible(page);
  });

  it('opens a driver’s profile with statistics, charts and documents', async () => {
    await page.goto('/drivers');
    await page
      .getByRole('link', { name: /James Walker/ })
      .first()
      .click();
    await page.waitForURL(/\/drivers\/\d+$/);
    await page.getByTestId('statistics-cards').waitFor();
    await expect.poll(() => page.getByTestId('statistics-cards').textContent()).toMatch(/\d/);
    await page.getByTestId('week-days-chart').waitFor();
    await page.getByTestId('trends-chart').waitFor();
    await page.getByRole('tab', { name: /Documents/ }).click();
    await page.getByTestId('documents-panel').waitFor();
    await expectAccessible(page);
  });

  it('shows every column of the outbox at 1440 px, none past the edge of the screen', async () => {
    await page.goto('/outbox');
    await page.locator('main table tbody tr').first().waitFor();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => {
      const right = document.documentElement.clientWidth;
      const cells = [...document.querySelectorAll('main table thead th')];
      return {
        page: document.documentElement.scrollWidth - right,
        cellsPastEdge: cells.filter((th) => th.getBoundingClientRect().right > right + 1).length,
        tableScrolls: [...document.querySelectorAll('main table')].some(
          (t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1,
        ),
      };
    });
    expect(overflow).toEqual({ page: 0, cellsPastEdge: 0, tableScrolls: false });
  });

  it('adds a reference-data row through its form and shows a duplicate beside the field', async () => {
    await page.goto('/settings/reference-data/driver-types');
    const name = `Night shift ${Date.now() % 100000}`;
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Add driver type' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) {
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('cell', { name }).first().waitFor();
      } else {
        await dialog.getByText('is already used by another row').waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });

  it('imports vehicles from a CSV file after a preview that names the bad rows', async () => {
    const file = path.join(os.tmpdir(), `vehicles-${Date.now()}.csv`);
    const suffix = String(Date.now() % 1000).padStart(3, '0');
    writeFileSync(
      file,
      `Registration,Make,Model,Vehicle type\nIM${suffix} AAA,Toyota,Prius,Saloon\nIM${suffix} BBB,Ford,Galaxy,Spaceship\n`,
    );
    await page.goto('/vehicles');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(file);
    await dialog.getByTestId('import-preview').waitFor();
    await dialog.getByText('is not a vehicle type of your company').waitFor();
    expect(await dialog.getByRole('button', { name: /Import 1 row/ }).isDisabled()).toBe(true);

    const corrected = file.replace('.csv', '-fixed.csv');
    writeFileSync(corrected, `Registration,Make,Model,Vehicle type\nIM${suffix} AAA,Toyota,Prius,Saloon\n`);
    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /vehicles-/ }).click();
    await (await again).setFiles(corrected);
    await dialog.getByText('1 row ready').waitFor();
    await dialog.getByRole('button', { name: /Import 1 row/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search' }).fill(`IM${suffix}`);
    await page.getByText(`IM${suffix} AAA`).first().waitFor();
  });

  it('exports a list to an Excel file', async () => {
    await page.goto('/drivers');
    await page
      .getByRole('cell', { name: /James Walker/ })
      .first()
      .waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Driver-GetTableSummary-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
