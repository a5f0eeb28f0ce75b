import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser';

/** Calls the product's API directly, as another device would; anything but a 200 fails the journey. */
export async function api<T = unknown>(baseUrl: string, token: string | null, name: string, body: unknown = {}) {
  const response = await fetch(`${baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T; message?: string };
  if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Access tokens live six seconds in these journeys: each direct call signs in afresh. */
export async function tokenOf(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/UserLogin/UserSignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, isDriverinWebView: 'False' }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * The last whole week (Monday to Sunday) before this one, and the day of it the jobs were done on:
 * its Sunday, 1–6 days ago. A back-entry reaches at most 7 days back, so on a Sunday (when last
 * Sunday is a whole week old) the jobs are yesterday's and the week is this one.
 */
export function lastWholeWeek(now = new Date()) {
  const today = new Date(`${isoDay(now)}T00:00:00Z`);
  const weekday = today.getUTCDay();
  const sunday = weekday === 0 ? today : addDays(today, -weekday);
  const jobDay = weekday === 0 ? addDays(today, -1) : sunday;
  return { fromDate: isoDay(addDays(sunday, -6)), toDate: isoDay(sunday), jobDay: isoDay(jobDay) };
}

/** The Monday-to-Sunday week holding a calendar day ('2026-11-28'). */
export function weekOf(day: string): { fromDate: string; toDate: string } {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = addDays(date, -((date.getUTCDay() + 6) % 7));
  return { fromDate: isoDay(monday), toDate: isoDay(addDays(monday, 6)) };
}

/** Pounds as the product writes them (the demo company is British), without the sign. */
export const gbp = (minor: number) =>
  `£${Math.floor(Math.abs(minor) / 100).toLocaleString('en-GB')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** Minor units of an amount as written ('£1,234.50' → 123450, '-£2.00' → -200); an empty cell is 0. */
export function minorOf(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const negative = /^[-−]/.test(trimmed);
  const [whole = '0', fraction = ''] = trimmed.replace(/[^\d.]/g, '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** Screenshots for a person to look at, when SCREENSHOT_DIR is set. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The text of a PDF's pages. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const result = await parser.getText();
  await parser.destroy();
  return result.text;
}

/** Types into a field key by key, as a person at a keyboard does. */
export async function typeInto(page: Page, label: RegExp, text: string): Promise<void> {
  const field = page.getByLabel(label).first();
  await field.click();
  await page.keyboard.type(text);
}
