import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { journeyServer } from './server';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fresh Chromium profile; closed after the test file. A phone passes its own context options.
 * The app's service worker is blocked unless a journey asks for it (`serviceWorkers: 'allow'`, the
 * driver app offline): in a new profile it fetches and stores every file of the app at once, about
 * six seconds of a core per file for journeys that never go offline.
 */
export async function openBrowser(
  options: { viewport?: { width: number; height: number } } & Pick<
    BrowserContextOptions,
    'geolocation' | 'permissions' | 'isMobile' | 'hasTouch' | 'userAgent' | 'deviceScaleFactor' | 'serviceWorkers'
  > = {},
): Promise<{
  context: BrowserContext;
  page: Page;
  baseUrl: string;
}> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: flags,
    ...options,
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: options.viewport ?? { width: 1366, height: 850 },
    baseURL: journeyServer().baseUrl,
  });
  afterAll(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('page error:', error.message));
  settleRefreshesBeforeNavigating(page);
  // A journey that fails says where the browser was and what it showed, and leaves a screenshot.
  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    const shot = path.join(os.tmpdir(), `cabdesk-e2e-failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const text = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '(no body)');
    const where = `failed at ${page.url()} (screenshot ${shot}); the page read:\n${text.slice(0, 800)}`;
    console.error(where);
    // The failure's summary at the end of the run says it too: CI keeps only the tail of a long log.
    const error = test.task.result.errors?.[0];
    if (error) {
      error.message = `${error.message}\n(the ${page.viewportSize()?.width ?? '?'} px browser) ${where}`;
      const said = serverWarnings();
      if (said && !error.message.includes(said)) error.message += `\nthe server's last warnings:\n${said}`;
    }
  });
  return { context, page, baseUrl: journeyServer().baseUrl };
}

/** The server's last few warnings and errors (pino lines of level 40 and up), shortened. */
function serverWarnings(): string {
  const text = (() => {
    try {
      return readFileSync(journeyServer().logFile, 'utf8');
    } catch {
      return '';
    }
  })();
  return text
    .split('\n')
    .filter((line) => /^\{"level":(4|5|6)0,/.test(line))
    .slice(-5)
    .map((line) => line.slice(0, 300))
    .join('\n');
}

/**
 * A page that is left while its token refresh is under way loses the rotated pair: the server has
 * used the old refresh token, and the next page presents it again, which the server must treat as a
 * stolen token (it signs the session out). With 15-minute tokens a person's reload almost never
 * lands in those few milliseconds; the journeys run on 6-second tokens and navigate by address all
 * the time, so before they navigate they let a refresh under way finish and be stored.
 */
function settleRefreshesBeforeNavigating(page: Page): void {
  const refreshing = new Set<unknown>();
  const isRefresh = (url: string) => url.endsWith('/jwt/refresh-token');
  page.on('request', (request) => isRefresh(request.url()) && refreshing.add(request));
  page.on('requestfinished', (request) => refreshing.delete(request));
  page.on('requestfailed', (request) => refreshing.delete(request));
  const settled = async () => {
    if (!refreshing.size) return;
    while (refreshing.size) await new Promise((r) => setTimeout(r, 20));
    // The answer is in; the page stores the new pair right after reading it.
    await new Promise((r) => setTimeout(r, 100));
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => (await settled(), goto(url, options));
  page.reload = async (options) => (await settled(), reload(options));
}

export const DEMO_PASSWORD = 'cabdesk-demo';

export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^E-mail address/).fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
}

/** Each journey starts as a new visitor: nothing stored on this origin. */
export async function forgetEverything(page: Page): Promise<void> {
  await page.goto('/health');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** The text of a mail as it arrived, quoted-printable soft breaks and escapes undone. */
function decodedMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (run: string) =>
    Buffer.from(
      run
        .split('=')
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
}

/**
 * Waits for the product's e-mail to an address (whose subject matches) on the journeys' SMTP server
 * and answers the one-time link in it.
 */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  const dir = journeyServer().mailDir;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort()) {
      const text = decodedMail(readFileSync(path.join(dir, file), 'utf8'));
      const addressed = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text);
      const title = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
      const link = /(https?:\/\/\S+#token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (addressed && subject.test(title) && link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with a subject like ${subject} arrived`);
}
