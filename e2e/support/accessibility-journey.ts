import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { expectAccessible, settled } from './accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from './browser';
import { openPassengerCards } from './cards';

/** The office pages every company's staff use most, each with something that says it has loaded. */
const officePages = [
  { path: '/dashboard', ready: '[data-testid="pending-total"]' },
  { path: '/bookings', ready: 'table tbody tr' },
  // Late in the evening the day's tab may hold nothing left to do: its empty state is the page then.
  { path: '/dispatch', ready: '[data-testid="board-table"], [data-testid="board-empty"]' },
  { path: '/map', ready: '.leaflet-container' },
  { path: '/drivers', ready: 'table tbody tr' },
  { path: '/passengers', ready: 'table tbody tr' },
  { path: '/clients', ready: 'table tbody tr' },
  { path: '/vehicles', ready: 'table tbody tr' },
  { path: '/incident', ready: 'table tbody tr' },
  { path: '/settings/reference-data', ready: 'main a, main button' },
  { path: '/settings/payments', ready: '[data-testid="key-test"]' },
  { path: '/finance/payments', ready: '[data-testid="figure-0"]' },
  { path: '/finance/payments?tab=cash', ready: '[data-testid="figure-0"]' },
  { path: '/finance/payments?tab=transactions', ready: 'main table' },
  { path: '/finance/payments?tab=reconciliation', ready: 'main h3' },
  { path: '/finance/credit-notes', ready: 'main table' },
  { path: '/finance/booking-validation', ready: '[data-testid="job-panel"]' },
  { path: '/finance/driver-expenses', ready: '[data-testid="expense-list"], [data-testid="expenses-empty"]' },
  { path: '/finance/invoices', ready: 'main table' },
  { path: '/finance/invoices?tab=all', ready: 'main table tbody tr' },
  { path: '/driver-pay/rules', ready: 'main table tbody tr a' },
  { path: '/driver-pay/rules/assignments', ready: 'main table tbody tr a' },
  { path: '/driver-pay/payments', ready: 'main table' },
  { path: '/reports', ready: '[data-testid="report-overview"]' },
  { path: '/reports/profitability', ready: '[data-testid="reconciliation"]' },
  { path: '/settings/company', ready: '[data-testid="company-logo-preview"]' },
  { path: '/settings/permissions', ready: 'main table' },
  { path: '/profile', ready: 'main form' },
] as const;

export const companies = {
  UKCB: { code: 'UKCB', domain: 'ukcb.test' },
  DE: { code: 'DE', domain: 'de.test' },
} as const;
export type Theme = 'light' | 'dark';

/**
 * Opens a page the way a person moves between them, through the router, once the app runs: a full
 * load for each of a hundred pages spent half the journey starting the app again. What the last page
 * showed is marked stale first, so the page is taken as ready only on what the new one draws. Another
 * tab of the same page is loaded in full: its elements may be the last tab's, kept by React.
 */
async function visit(page: Page, path: string, ready: string) {
  const next = new URL(path, page.url());
  const here = await page
    .evaluate(() => (document.querySelector('.mantine-AppShell-navbar') ? window.location.pathname : null))
    .catch(() => null);
  if (here === null || here === next.pathname) {
    await page.goto(path);
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
  } else {
    await page.evaluate(
      ({ to, selector }) => {
        document.querySelectorAll(selector).forEach((e) => e.setAttribute('data-stale', ''));
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      { to: path, selector: ready },
    );
    const fresh = ready
      .split(',')
      .map((part) => `${part.trim()}:not([data-stale])`)
      .join(', ');
    await page.locator(fresh).first().waitFor({ timeout: 20_000 });
  }
  await settled(page);
}

/** Sets the skin the way the layout's switch keeps it, before the app starts. */
async function useTheme(page: Page, theme: Theme) {
  await page.evaluate((skin) => localStorage.setItem('skin', skin), theme);
}

/**
 * Every page of a company in one theme, each checked with axe: the sign-in, the office pages, a
 * passenger's cards and the driver app. One file per company and theme, so that the journeys' workers
 * share the checks evenly (all four in one file were a third of the journeys' time on one worker).
 */
export function everyPageIsReadable(company: (typeof companies)[keyof typeof companies], theme: Theme) {
  describe(`every page of ${company.code} is readable in the ${theme} theme`, async () => {
    const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });

    it('the sign-in page', async () => {
      await forgetEverything(page);
      await useTheme(page, theme);
      await visit(page, `/login?${company.code}`, '[data-testid="login-logo"]');
      await expectAccessible(page, `sign-in of ${company.code} (${theme})`);
    });

    describe('the office', () => {
      beforeAll(async () => {
        await forgetEverything(page);
        await useTheme(page, theme);
        await page.goto(`/login?${company.code}`);
        await signInThroughForm(page, `admin@${company.domain}`);
        await page.getByTestId('home').waitFor();
      });

      for (const { path, ready } of officePages) {
        it(path, async () => {
          await visit(page, path, ready);
          await expectAccessible(page, `${path} of ${company.code} (${theme})`);
        });
      }

      it("a passenger's record with its Cards panel", async () => {
        await openPassengerCards(page);
        await expectAccessible(page, `passenger cards of ${company.code} (${theme})`);
      });
    });

    it("the driver app's home", async () => {
      await forgetEverything(page);
      await useTheme(page, theme);
      await page.goto(`/login?${company.code}`);
      await signInThroughForm(page, `driver@${company.domain}`);
      await page.waitForURL(/\/driver$/);
      await page.getByRole('heading', { name: /Today|Heute/ }).waitFor();
      await settled(page);
      await expectAccessible(page, `driver app of ${company.code} (${theme})`);
    });
  });
}
