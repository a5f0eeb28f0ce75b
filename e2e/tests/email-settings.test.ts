import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';
import { mailTo } from '../support/mail';
import { journeyServer } from '../support/server';

/** Chariot Chauffeurs' own mail server is the journeys' mail drop, so its other mail still arrives there. */
describe('the e-mail settings', async () => {
  const { page } = await openBrowser({ viewport: { width: 1366, height: 1000 } });

  beforeAll(async () => {
    await forgetEverything(page);
    await page.goto('/login?CharChauf');
    await signInThroughForm(page, 'admin@charchauf.test');
    await page.getByTestId('home').waitFor();
  });

  it('saves the SMTP server typed and sends a test mail that arrives', async () => {
    await page.goto('/settings/company?tab=email');
    await page.getByRole('heading', { name: 'Mail server (SMTP)' }).waitFor();
    await page.getByLabel(/^SMTP host/).fill('127.0.0.1');
    await page.getByLabel(/^Port/).fill(String(journeyServer().smtpPort));
    await page.getByLabel(/^Sender name/).fill('Chariot Desk');
    await page.getByLabel(/^Sender address/).fill('desk@charchauf.test');
    await page.getByRole('button', { name: 'Save mail server' }).click();
    await page.getByText("The company's mail goes through this server.").waitFor();
    await expectAccessible(page, 'e-mail settings with a server');

    await page.getByLabel(/^Send to/).fill('owner@charchauf.test');
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await expect
      .poll(() => page.getByTestId('test-mail-answer').textContent())
      .toContain(`The test mail to owner@charchauf.test was accepted by 127.0.0.1:${journeyServer().smtpPort}`);
    const mail = await mailTo('owner@charchauf.test', /^Test mail from /);
    expect(mail.text).toContain('If you can read it');
  });

  it('shows a server that refuses in words and saves nothing', async () => {
    await page.getByLabel(/^Port/).fill('1');
    await page.getByRole('button', { name: 'Save mail server' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing answers at 127.0.0.1:1' }).first().waitFor();
    await page.getByLabel(/^Save anyway/).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Mail server (SMTP)' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Port/).inputValue()).toBe(String(journeyServer().smtpPort));
  });

  it('previews a template as it is typed and flags an unknown placeholder', async () => {
    await page.getByRole('combobox', { name: 'Mail' }).click();
    await page.getByRole('option', { name: 'Driver arrived' }).click();
    const subject = page.getByLabel(/^Subject/);
    await subject.fill('{driverName} is outside for booking {bookingId}');
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent())
      .toBe('Sam Patel is outside for booking 10482');
    await subject.fill('{driverName} waits {minutes} minutes');
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent())
      .toBe('Sam Patel waits {minutes} minutes');
    await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('names an unknown placeholder {minutes}').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save template' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'template editor with an error');
  });
});
