import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/** A sheet in the layout the fixed-price export writes: one row, Gatwick to and from the City centre zone. */
async function fixedPriceSheet(price: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Fixed prices');
  sheet.addRow(['From', 'To', 'Vehicle type', 'Price', 'Reverse also matches']);
  sheet.addRow(['Gatwick Airport South Terminal', 'City centre', '', price, 'yes']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('an admin imports fixed prices and a fixed price wins', async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const price = `${80 + (Date.now() % 19)}.00`;

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
  });

  it('previews every row of the sheet before anything is written, then imports it', async () => {
    await page.goto('/pricing/fixed');
    await page.getByRole('heading', { name: 'Fixed prices' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import fixed prices' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'fixed-prices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await fixedPriceSheet(price),
    });
    await dialog.getByTestId('fixed-import-preview').waitFor();
    await expect.poll(() => dialog.getByTestId('count-new').innerText()).toMatch(/1 new/i);
    await expectAccessible(page, 'the fixed-price import preview');
    await dialog.getByRole('button', { name: /^Import 1 row/ }).click();
    await dialog
      .getByRole('status')
      .getByText(/Imported: 1 new/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('cell', { name: /Gatwick Airport South Terminal/ })
      .first()
      .waitFor();
  });

  it('prices Gatwick to the Savoy at the imported price in the booking form, the fixed price first', async () => {
    await page.goto('/bookings/new');
    const addresses = page.getByPlaceholder('Address, or start typing a known place');
    for (const [n, typed] of [
      [0, 'Gatwick Airport South'],
      [1, 'The Savoy'],
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
    await expect.poll(() => breakdown.innerText()).toContain(`£${price}`);
    await expect(breakdown.innerText()).resolves.toMatch(/Fixed price/i);
    await expectAccessible(page, 'the booking form priced by a fixed price');
  });
});
