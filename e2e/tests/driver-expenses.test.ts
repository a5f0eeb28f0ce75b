import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, openBrowser, signInThroughForm } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

const ADMIN = 'admin@ukcb.test';

interface Row {
  id: number;
  status: string;
  declineReason: string | null;
}

/**
 * An expense as one of the three lists answers it, asked with a session of the test's own: the page's
 * session is left alone, since renewing it from here raced the page renewing it itself, and a refresh
 * token presented twice signs the session out (the page landed on the sign-in form).
 */
async function expenseOn(baseUrl: string, list: string, id: number): Promise<Row | undefined> {
  const signIn = await fetch(`${baseUrl}/UserLogin/UserSignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD, isDriverinWebView: 'False' }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const response = await fetch(`${baseUrl}/DriverBookingExpense/${list}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ perPage: 0 }),
  });
  // A refusal says its status and message instead of "no data".
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
    await signInThroughForm(page, ADMIN);
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
      .poll(async () => (await expenseOn(baseUrl, 'GetApprovedBookExpenses', first))?.status, { timeout: 10_000 })
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
    const row = await expenseOn(baseUrl, 'GetDeclinedBookExpenses', expense);
    expect(row?.status).toBe('declined');
    expect(row?.declineReason).toBe('The receipt is unreadable');
    await page.getByTestId('tab-declined').click();
    await page.getByTestId(`expense-row-${expense}`).waitFor({ timeout: 10_000 });
    await expectAccessible(page, '/finance/driver-expenses?tab=declined');
    await page.screenshot({ path: '/tmp/driver-expenses-declined.png', fullPage: true });
  });
});
