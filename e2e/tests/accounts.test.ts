import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { forgetEverything, linkFromMail, openBrowser, signInThroughForm } from '../support/browser';

/** `CABDESK_SHOTS=<folder>` keeps a picture of each account page for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.CABDESK_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

describe('accounts without help from the office', async () => {
  const { page } = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const email = `nia.${Date.now()}@example.test`;
  const firstPassword = 'nia’s first password';
  const newPassword = 'nia’s second password';

  it('a passenger signs up, confirms the e-mail from the mail and signs in', async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB_PassApp');
    await page.getByTestId('forgot-password').waitFor();
    await shot(page, 'login-passenger');
    await page.getByTestId('sign-up').click();
    await page.waitForURL(/\/sign-up\?UKCB_PassApp$/);
    await page.getByRole('heading', { name: 'Create your UK Cab Bookings account' }).waitFor();
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Surname').fill('Okafor');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Mobile phone').fill('07700 900123');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(firstPassword);
    await shot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await shot(page, 'sign-up-sent');

    const link = await linkFromMail(email, /confirm your e-mail/);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm and open my account' }).waitFor();
    await shot(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm and open my account' }).click();
    await page.getByText('Your account is ready').waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL(/\/login\?UKCB_PassApp$/);
    await page.getByRole('heading', { name: 'Welcome to UK Cab Bookings' }).waitFor();
    await signInThroughForm(page, email, firstPassword);
    await page.waitForURL(/\/my-bookings$/);
  });

  it('a forgotten password: the mail’s link sets a new one once, and the new one signs in', async () => {
    await forgetEverything(page);
    await page.goto('/login?UKCB_PassApp');
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(/\/forgot-password\?UKCB_PassApp$/);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail address').fill(email);
    await shot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await shot(page, 'forgot-password-sent');

    const link = await linkFromMail(email, /choose a new password/);
    expect(link).toContain('/reset-password?UKCB_PassApp#token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await shot(page, 'reset-password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your new password is set').waitFor();
    await shot(page, 'reset-password-done');

    // The link works once (opened afresh, as from the mail again).
    await page.goto('/health');
    await page.goto(link);
    await page.getByText('This link has been used').waitFor();
    await shot(page, 'reset-password-used');

    await page.goto('/login?UKCB_PassApp');
    await page.getByRole('heading', { name: 'Welcome to UK Cab Bookings' }).waitFor();
    await signInThroughForm(page, email, firstPassword);
    await page.getByTestId('login-error').waitFor();
    await signInThroughForm(page, email, newPassword);
    await page.waitForURL(/\/my-bookings$/);
  });

  it('the set-up page says in words that a link does not work', async () => {
    await forgetEverything(page);
    await page.goto('/setup#token=not-a-link-that-was-ever-sent');
    await page.getByText('This link does not work').waitFor();
    await shot(page, 'setup-unknown');
  });
});
