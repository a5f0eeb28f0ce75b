import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

interface Row {
  id: number;
  status: string;
  declineReason: string | null;
}

/**
 * The page's session renewed as the app renews it (tokens last seconds in the journeys): the refresh
 * token traded for new ones, kept where the app reads them.
 */
async function renewSession(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const response = await fetch('/jwt/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: localStorage.getItem('refreshToken'), idempotencyKey: crypto.randomUUID() }),
    });
    const body = (await response.json()) as { accessToken: string; refreshToken: string };
    localStorage.setItem('accessToken', body.accessToken);
    localStorage.setItem('token', body.accessToken);
    localStorage.setItem('refreshToken', body.refreshToken);
  });
}

/** An expense as one of the three lists answers it, asked with the page's own session. */
async function expenseOn(page: Page, baseUrl: string, list: string, id: number): Promise<Row | undefined> {
  const ask = async () => {
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    return fetch(`${baseUrl}/DriverBookingExpense/${list}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ perPage: 0 }),
    });
  };
  let response = await ask();
  // The page's token may have expired while the test typed: renewed once, as the app would.
  if (response.status === 401) {
    await renewSession(page);
    response = await ask();
  }
  // A refusal says its status and message instead of "no data": the run that failed here read nothing else.
  if (!response.ok) throw new Error(`${list} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: Row[] };
  return body.data.find((r) => r.id === id);
}

/** The id of the expense in hand (the row marked current). */
async function inHand(page: Page): Promise<number> {
  const testId = await page.locator('tr[aria-current="true"]').getAttribute('data-testid');
  return Number(/expense-row-(\d+)/.exec(testId ?? '')?.[1]);
}

describe('the office decides drivers’ expenses from the keyboard', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  it('opens the pending expenses with the counts of each tab and the keys shown', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    await page.goto('/finance/driver-expenses');
    await page.getByTestId('expense-list').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Keyboard shortcuts' }).textContent()).toContain('approve');
    await expect.poll(() => page.getByTestId('tab-pending').textContent(), { timeout: 10_000 }).toMatch(/Pending\d+/);
    await expectAccessible(page, '/finance/driver-expenses');
  });

  it('approves the expense in hand with A, and the next one comes up', async () => {
    const first = await inHand(page);
    expect(first).toBeGreaterThan(0);
    await page.keyboard.press('j');
    await expect.poll(() => inHand(page), { timeout: 10_000 }).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(() => inHand(page), { timeout: 10_000 }).toBe(first);
    await page.keyboard.press('a');
    await expect
      .poll(async () => (await expenseOn(page, baseUrl, 'GetApprovedBookExpenses', first))?.status, { timeout: 10_000 })
      .toBe('approved');
    await expect.poll(() => page.getByTestId(`expense-row-${first}`).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => inHand(page), { timeout: 10_000 }).not.toBe(first);
  });

  it('declines the expense in hand with D and a reason', async () => {
    const expense = await inHand(page);
    await page.keyboard.press('d');
    const reason = page.getByRole('textbox', { name: 'Reason' });
    await reason.waitFor();
    await expectAccessible(page, 'the decline dialog');
    await reason.pressSequentially('The receipt is unreadable');
    await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    const row = await expenseOn(page, baseUrl, 'GetDeclinedBookExpenses', expense);
    expect(row?.status).toBe('declined');
    expect(row?.declineReason).toBe('The receipt is unreadable');
    await page.getByTestId('tab-declined').click();
    await page.getByTestId(`expense-row-${expense}`).waitFor({ timeout: 10_000 });
    await expectAccessible(page, '/finance/driver-expenses?tab=declined');
    await page.screenshot({ path: '/tmp/driver-expenses-declined.png', fullPage: true });
  });
});
