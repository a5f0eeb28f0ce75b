import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { api, tokenOf } from '../support/api';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

interface Row {
  id: number;
  name: string;
  cmpbookings: number;
  prfamount: number;
}

/** Last calendar month, where the demo's jobs are done, paid or invoiced and on approved statements. */
function lastMonth(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

describe('the owner reads profitability, filters a month and drills from a driver’s profit to their jobs', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  const month = lastMonth();

  it('opens Profitability and types the month', async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/reports/profitability');
    await page.getByRole('heading', { name: 'Profitability' }).first().waitFor();
    await page.getByLabel('From day').fill(month.startDate);
    await page.getByLabel('To day').fill(month.endDate);
    await page.getByRole('tab', { name: 'Drivers' }).click();
    await page.waitForURL(/tab=driver/);
    // A month of every driver's money is the heaviest read of the journey: room for a busy machine.
    await page.getByTestId('reconciliation').waitFor({ timeout: 20_000 });
    const words = await page.getByTestId('reconciliation').innerText();
    expect(words).toMatch(/Agrees with the ledger|Differs from the ledger/);
    await expectAccessible(page, '/reports/profitability drivers');
  });

  it('follows a driver’s profit to the bookings list filtered to their jobs of the month', async () => {
    const token = await tokenOf(baseUrl, 'admin@ukcb.test');
    const answer = await api<Row[]>(baseUrl, token, 'Profitability/GetDriverProfitability', {
      ...month,
      perPage: 10,
    });
    const driver = answer.find((r) => r.cmpbookings > 0);
    expect(driver, 'the demo has drivers with done jobs last month').toBeDefined();
    const link = page.getByRole('link', { name: `– Profit of ${driver!.name}: open the bookings` });
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/bookings\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('driver')).toBe(String(driver!.id));
    expect(url.searchParams.get('from')).toBe(month.startDate);
    expect(url.searchParams.get('to')).toBe(month.endDate);
    await expect.poll(() => page.getByText(driver!.name).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
