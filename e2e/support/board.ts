import type { Page } from 'playwright-core';

/**
 * Waits for the dispatch board to have drawn the open tab: its table, or its empty state when the
 * day holds nothing there (late in the evening the day's jobs are done and the next ones are tomorrow).
 */
export async function boardDrawn(page: Page, timeout = 30_000): Promise<void> {
  await page.getByTestId('board-table').or(page.getByTestId('board-empty')).first().waitFor({ timeout });
}
