import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { openBrowser, signInThroughForm } from '../support/browser';

/** Last month's first and last day: the demo company's bookings fill it. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

describe('the owner reads the reports of a month', async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const month = lastMonth();

  it('opens Reports and filters a month by typing its dates', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(month.from);
    await page.getByLabel('To', { exact: true }).fill(month.to);
    await page.getByTestId('report-overview').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => Number(await page.getByTestId('figure-bookings').locator('p').nth(1).textContent()), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await expectAccessible(page, '/reports overview');
  });

  it('exports the Overview to XLSX: a row per day of the month and its totals', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const days = Number(month.to.slice(8, 10));
    expect(sheet.actualRowCount).toBe(days + 2);
    expect(sheet.getRow(2).getCell(1).value).toBe(month.from);
    expect(sheet.getRow(days + 2).getCell(1).value).toBe(`${month.from} – ${month.to}`);
  });

  it("sorts the drivers by their bookings from the header, and drills from a driver's count to their jobs", async () => {
    await page.getByRole('tab', { name: 'Drivers' }).click();
    const first = page.getByRole('button', { name: /bookings of .*: show them/ }).first();
    await first.waitFor({ timeout: 20_000 });
    const header = page.getByRole('table', { name: 'Driver report' }).getByRole('columnheader', { name: /^Bookings/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const counts = page.getByRole('button', { name: /bookings of .*: show them/ });
    const countOf = async (i: number) =>
      Number(/^(\d+)/.exec((await counts.nth(i).getAttribute('aria-label')) ?? '')?.[1]);
    await expect
      .poll(async () => (await countOf(0)) >= (await countOf(1)) && (await countOf(1)) >= (await countOf(2)))
      .toBe(true);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/reports-drivers.png` });
    const label = (await first.getAttribute('aria-label')) ?? '';
    const [, count, name] = /^(\d+) bookings of (.+): show them$/.exec(label) ?? [];
    expect(Number(count)).toBeGreaterThan(0);
    await expectAccessible(page, '/reports drivers');
    await first.click();
    await page.getByText(`Bookings of ${name}`).waitFor();
    expect(await page.getByRole('tab', { name: 'Bookings' }).getAttribute('aria-selected')).toBe('true');
    const rows = page.getByRole('table', { name: 'Bookings report' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(25, Number(count)));
    const drivers = await rows.locator('td:nth-child(6)').allTextContents();
    expect(new Set(drivers)).toEqual(new Set([name]));
  });

  it('exports the bookings to XLSX with their rows', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.actualRowCount).toBeGreaterThan(1);
    const heads = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(heads).toContain('Driver Name');
  });
});
