import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, openBrowser, signInThroughForm } from '../support/browser';

/** Calls the product's API directly, as another device would. */
async function api(baseUrl: string, token: string | null, name: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; message?: string } };
}

async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const { body } = await api(baseUrl, null, 'UserLogin/UserSignIn', {
    email,
    password: DEMO_PASSWORD,
    isDriverinWebView: 'False',
  });
  return (body as unknown as { accessToken: string }).accessToken;
}

describe('the office makes an invoice from a client’s jobs and approves it', async () => {
  const { page, baseUrl } = await openBrowser({ viewport: { width: 1440, height: 900 } });
  let clientName = '';

  it('finds a client with jobs to invoice (a demo draft deleted frees its jobs)', async () => {
    const token = await tokenOf(baseUrl, 'admin@ukcb.test');
    const drafts = await api(baseUrl, token, 'BookingInvoice/GetTableSummary', { statusID: 'draft', perPage: 100 });
    const rows = drafts.body.data as { id: number; clientName: string; lineCount: number }[];
    const draft = rows.find((r) => r.lineCount > 0);
    expect(draft, 'the demo has draft invoices of last month').toBeTruthy();
    clientName = draft!.clientName;
    expect((await api(baseUrl, token, 'BookingInvoice/Delete', { id: draft!.id })).status).toBe(200);
  });

  it('chooses the client’s jobs, makes a draft and approves it', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    await page.goto('/finance/invoices');
    await page.getByRole('cell', { name: clientName, exact: true }).first().click();
    await page.getByTestId('client-jobs').waitFor();
    await page.getByRole('button', { name: 'Make a draft invoice' }).click();
    await page.waitForURL(/\/finance\/invoices\/\d+$/);
    await page.getByRole('heading', { name: /^Draft #\d+$/ }).waitFor();
    expect(await page.getByTestId('invoice-lines').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Approve' }).click();
    const number = page.getByRole('heading', { name: /^INV-\d{4}-\d{5}$/ });
    await number.waitFor();
    expect(await number.textContent()).toMatch(/^INV-\d{4}-\d{5}$/);
    await page.getByRole('button', { name: 'Back to draft' }).waitFor();
  });
});
