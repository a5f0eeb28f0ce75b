import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { forgetEverything, openBrowser, signInThroughForm } from '../support/browser';

/** A logo of 3 × 2 pixels, made here: its bytes are what the sign-in page must then show. */
const logo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGM4IacBQQxwFgBDHAZVhuWbagAAAABJRU5ErkJggg==',
  'base64',
);

/** The bytes an image of the page was drawn from, read through the page itself. */
const bytesOf = async (page: Page, src: string) =>
  Buffer.from(
    await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src),
  );

describe("the company's settings", async () => {
  const { page } = await openBrowser({ viewport: { width: 1440, height: 900 } });

  it('changes the company logo, and the sign-in page shows the new one', async () => {
    await forgetEverything(page);
    await page.goto('/login?DE');
    const signInLogo = page.getByTestId('login-logo');
    await signInLogo.waitFor();
    const before = (await signInLogo.getAttribute('src'))!;
    await signInThroughForm(page, 'admin@de.test');
    await page.getByTestId('home').waitFor();

    await page.goto('/settings/company');
    const preview = page.getByTestId('company-logo-preview');
    await preview.waitFor();
    await expectAccessible(page, 'Settings → Company');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a logo' }).click();
    await (await chooser).setFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: logo });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Company settings saved').waitFor();

    await forgetEverything(page);
    await page.goto('/login?DE');
    await signInLogo.waitFor();
    const after = (await signInLogo.getAttribute('src'))!;
    expect(after).not.toBe(before);
    expect((await bytesOf(page, after)).equals(logo)).toBe(true);
  });

  it('shows the providers and the e-mail tabs readable', async () => {
    await forgetEverything(page);
    await page.goto('/login?DE');
    await signInThroughForm(page, 'admin@de.test');
    await page.getByTestId('home').waitFor();
    await page.goto('/settings/company?tab=providers');
    await page.locator('[data-testid^="provider-"]').first().waitFor();
    await expectAccessible(page, 'Settings → Company → Providers');
    await page.getByRole('tab', { name: /mail/i }).click();
    await page.getByTestId('template-preview').or(page.locator('main form input').first()).first().waitFor();
    await expectAccessible(page, 'Settings → Company → E-mail');
  });
});
