import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's script, read from node_modules: nothing is downloaded. */
const axePath = require.resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}

/** The rules of WCAG 2.0–2.2 A and AA, which every page must meet. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until the page has stopped asking the server and shows no loading placeholders. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.mantine-Skeleton-root[data-visible], [aria-busy="true"], [data-testid="startup-loader"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** Runs axe over the page as it stands and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.addScriptTag({ path: axePath });
  // Transitions (menus, notices fading in) are finished so colours are read at rest; an endless one
  // (a spinner, a progress bar's stripes) cannot finish and is left turning.
  await page.evaluate(() =>
    document.getAnimations().forEach((a) => {
      if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
    }),
  );
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as {
      violations: unknown[];
    };
    return result.violations;
  }, WCAG_AA);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => (v.id === 'target-size' ? { ...v, nodes: v.nodes.filter((n) => !isMapMarker(n)) } : v))
    .filter((v) => v.nodes.length > 0);
}

/**
 * Drivers' markers on a map overlap where drivers stand close together. WCAG 2.5.8 excuses a target
 * whose function another control on the page offers: every marker's driver is also in the list
 * beside the map, so a marker that another covers in part is not a violation.
 */
const isMapMarker = (node: AxeNode) => node.html.includes('leaflet-marker-icon');

/** A readable list: one line per rule, then each element it found and axe's reason. */
export function describeViolations(violations: AxeViolation[], where: string): string {
  const lines = [`${where}: ${violations.length} serious or critical accessibility rule(s) broken`];
  for (const v of violations) {
    lines.push(`- ${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s)`);
    for (const node of v.nodes.slice(0, 8)) {
      const reason = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      lines.push(`    ${node.target.join(' ')}  ${node.html.slice(0, 120)}${reason ? `\n      ${reason}` : ''}`);
    }
    if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}

/**
 * Fails when the page breaks a serious or critical WCAG 2.2 A/AA rule (axe-core), listing what and
 * where. Journeys call it on each page they visit, once the page shows its content.
 */
export async function expectAccessible(page: Page, where = new URL(page.url()).pathname): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(describeViolations(violations, where));
}
