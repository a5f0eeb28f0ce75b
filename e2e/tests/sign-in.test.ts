import { beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { forgetEverything, openBrowser, signInThroughForm, signOutThroughMenu } from '../support/browser';
import { expectAccessible } from '../support/accessibility';

describe('signing in and out', async () => {
  const { page, context } = await openBrowser();
  beforeEach(() => forgetEverything(page));

  it('shows the loader, signs the demo admin in to the shell and signs out to /login?UKCB', async () => {
    // The loader shows for a moment only: a watcher in the page notes that it appeared.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="startup-loader"]')) sessionStorage.setItem('loaderSeen', 'yes');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.getByTestId('login-logo').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('loaderSeen'))).toBe('yes');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('login-logo').getAttribute('src')).toContain('/branding/ukcb/');
    await expectAccessible(page);

    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.getByTestId('pending-total').textContent()).toMatch(/\d/);
    const stored = await page.evaluate(() => ({
      companyID: localStorage.getItem('companyID'),
      webView: localStorage.getItem('webView'),
      userData: JSON.parse(localStorage.getItem('userData') ?? '{}') as { role?: string },
    }));
    expect(stored).toMatchObject({ companyID: '1', webView: 'False', userData: { role: 'Admin' } });
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Drivers', exact: true }).click();
    await page
      .getByRole('cell', { name: /James Walker/ })
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByTestId('report-overview').waitFor({ timeout: 20_000 });

    await signOutThroughMenu(page);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '?UKCB');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it('signs a passenger in and out to /login?UKCB_PassApp', async () => {
    await page.goto('/login?UKCB_PassApp');
    await signInThroughForm(page, 'passenger@ukcb.test');
    // The passenger's home: their own bookings.
    await page.waitForURL((url) => url.pathname === '/my-bookings');
    await page.getByTestId('home').waitFor();
    await signOutThroughMenu(page);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '?UKCB_PassApp');
  });

  it('shows the server’s message for a wrong password', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test', 'not the password');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('The e-mail address or password is not right.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('refreshes an expired access token once while several calls wait, and keeps working', async () => {
    await page.goto('/login?UKCB');
    await signInThroughForm(page, 'admin@ukcb.test');
    await page.getByTestId('home').waitFor();
    await expect.poll(() => page.getByTestId('pending-total').textContent()).toMatch(/\d/);
    const expiring = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.waitForTimeout((inject('accessTokenTtl') + 1) * 1000);
    // A call the page made by itself meanwhile (a live update) may have renewed the token already: the
    // expired one is put back, so the panels' calls below are the ones to meet it.
    await page.evaluate((token) => {
      if (token) localStorage.setItem('accessToken', token);
    }, expiring);

    const refreshes: string[] = [];
    const unauthorized: string[] = [];
    context.on('request', (r) => r.url().includes('/jwt/refresh-token') && refreshes.push(r.url()));
    context.on('response', (r) => r.status() === 401 && unauthorized.push(r.url()));
    // The refresh answers a moment late, as over a slow network: every panel that asks meanwhile meets
    // the expired token and waits on the one refresh.
    await context.route('**/jwt/refresh-token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Another period: every dashboard panel asks again at once, all with the expired token.
    await page.getByTestId('dashboard-filters').getByText('7 days', { exact: true }).click();
    await expect.poll(() => refreshes.length).toBe(1);
    await expect.poll(() => page.getByTestId('pending-total').textContent()).toMatch(/\d/);
    await page.getByTestId('bookings-graph').waitFor();
    expect(unauthorized.length).toBeGreaterThanOrEqual(2);
    expect(refreshes).toHaveLength(1);
    await context.unroute('**/jwt/refresh-token');

    await page.getByRole('link', { name: 'Users' }).click();
    await page.locator('table tbody tr').first().waitFor();
    expect(refreshes).toHaveLength(1);
  });
});
