import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
const base = 'http://127.0.0.1:18931';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, baseURL: base });
page.on('pageerror', (e) => console.error('page error', e.message));
const theme = process.argv[2] ?? 'light';
const company = process.argv[3] ?? 'UKCB';
const domain = company === 'DE' ? 'de.test' : 'ukcb.test';
await page.goto(`/login?${company}`);
await page.evaluate((s) => localStorage.setItem('skin', s), theme);
await page.goto(`/login?${company}`);
await page.getByLabel(/^E-mail address|^E-Mail/).fill(`admin@${domain}`);
await page.getByLabel(/^Password|^Passwort/).first().fill(process.env.PW);
await page.getByRole('button', { name: /Sign in|Anmelden/ }).click();
await page.getByTestId('home').waitFor();
await page.goto('/settings/payments');
await page.getByTestId('key-test').waitFor();
await page.waitForLoadState('networkidle');
async function axe(label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  await page.evaluate(() => document.getAnimations().forEach((a) => { if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish(); }));
  const v = await page.evaluate(async () => (await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })).violations);
  const bad = v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
  console.log(label, bad.length ? JSON.stringify(bad.map((b) => [b.id, b.nodes.map((n) => n.html.slice(0, 140))]), null, 1) : 'no serious violations');
}
await axe(`offline ${theme} ${company}`);
await page.screenshot({ path: `/tmp/pc-offline-${theme}-${company}.png`, fullPage: true });
if (process.argv[4] === 'full') {
  if (!(await page.getByTestId('secretKey-saved').count())) await page.getByText('Stripe', { exact: true }).click();
  if (!(await page.getByTestId('secretKey-saved').count())) {
  await page.getByLabel(/^Publishable key/).fill('pk_test_51Demo1111');
  await page.getByLabel(/^Secret key/).fill('sk_test_51Demo4242');
  await page.getByLabel(/^Webhook signing secret/).fill('whsec_demoSecret9876');
  await page.getByRole('button', { name: 'Save' }).click();
  }
  await page.getByTestId('secretKey-saved').waitFor();
  await page.waitForTimeout(500);
  await axe(`stripe saved ${theme}`);
  await page.screenshot({ path: `/tmp/pc-stripe-${theme}.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: /Live/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/pc-stripe-error-${theme}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await page.getByText('Offline test provider', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Test the keys' }).click();
  await page.getByTestId('key-test-answer').waitFor();
  await page.screenshot({ path: `/tmp/pc-tested-${theme}.png`, fullPage: true });
}
await browser.close();
