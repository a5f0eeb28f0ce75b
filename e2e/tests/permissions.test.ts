import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { api, tokenOf } from '../support/api';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

type Role = { id: number; name: string; grants: Record<string, string> };

/** The dispatcher's Booking permission as the demo has it, put back for the journeys after this one. */
async function dispatcherRole(baseUrl: string): Promise<Role> {
  const token = await tokenOf(baseUrl, 'admin@ukcb.test');
  const response = await fetch(`${baseUrl}/Permissions/GetTableSummary`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ perPage: 0 }),
  });
  const { allData } = (await response.json()) as { allData: Role[] };
  const role = allData.find((r) => r.name === 'Dispatcher');
  if (!role) throw new Error('the demo company has no Dispatcher role');
  return role;
}

describe('a role change reaches a signed-in user live', async () => {
  const admin = await openBrowser();
  const dispatcher = await openBrowser();
  let before: Role;

  beforeAll(async () => {
    before = await dispatcherRole(admin.baseUrl);
    for (const [{ page }, email] of [
      [admin, 'admin@ukcb.test'],
      [dispatcher, 'dispatcher@ukcb.test'],
    ] as const) {
      await forgetEverything(page);
      await page.goto('/login?UKCB');
      await signInThroughForm(page, email);
      await page.getByTestId('home').waitFor();
    }
  });

  afterAll(async () => {
    const token = await tokenOf(admin.baseUrl, 'admin@ukcb.test');
    await api(admin.baseUrl, token, 'Permissions/Assign', { id: before.id, grants: before.grants });
  });

  it('the admin takes Booking from the Dispatcher role on the grid; the dispatcher loses the menu entry and the calls', async () => {
    await dispatcher.page.getByRole('link', { name: 'Bookings', exact: true }).waitFor();

    const page = admin.page;
    await page.getByRole('link', { name: 'Permissions', exact: true }).click();
    await page.waitForURL(/\/settings\/permissions$/);
    const cell = page.getByRole('gridcell', { name: /^Dispatcher, Bookings: Manage/ });
    await cell.waitFor();
    await expectAccessible(page, 'the permissions grid');
    await cell.focus();
    await page.keyboard.press('n');
    await page.getByRole('gridcell', { name: /^Dispatcher, Bookings: None, changed/ }).waitFor();
    await page.getByText('1 role has unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Permissions saved').waitFor();
    await page.getByRole('gridcell', { name: /^Dispatcher, Bookings: None$/ }).waitFor();

    // No sign-in again: the live channel tells the dispatcher's page, which reads its rules anew.
    await expect
      .poll(() => dispatcher.page.getByRole('link', { name: 'Bookings', exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    await dispatcher.page.getByRole('link', { name: 'Dispatch', exact: true }).first().waitFor();

    const token = await tokenOf(admin.baseUrl, 'dispatcher@ukcb.test');
    const refused = await fetch(`${admin.baseUrl}/Booking/GetTableSummary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(refused.status).toBe(403);
  });
});
