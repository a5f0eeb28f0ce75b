import type { Page } from 'playwright-core';
import { settled } from './accessibility';

/** Opens the first passenger of the list on its Cards tab; answers the record's address. */
export async function openPassengerCards(page: Page): Promise<string> {
  await page.goto('/passengers');
  const first = page.locator('table tbody tr a[href^="/passengers/"]').first();
  await first.waitFor({ timeout: 20_000 });
  const href = await first.getAttribute('href');
  await page.goto(`${href}?tab=cards`);
  await page.getByTestId('cards-panel').waitFor({ timeout: 20_000 });
  await settled(page);
  return href ?? '';
}
