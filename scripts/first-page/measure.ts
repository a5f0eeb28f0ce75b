import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most gzipped JavaScript the first page of the web app may load before its first route. */
export const FIRST_PAGE_BUDGET_KB = 250;

export interface FirstPage {
  /** Every script the browser fetches before the first route's own chunk: the entry and its preloads. */
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The scripts a page loads at once: the module entry and every module it preloads. */
export function initialScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  return [...new Set(sources)];
}

/** Measures a built web app (apps/web/dist) as `gzip -9` would, the way a server would send it. */
export function measureFirstPage(dist: string): FirstPage {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the web app first (npm run build).`);
  const files = initialScripts(readFileSync(index, 'utf8')).map((src) => ({
    file: src,
    gzipBytes: gzipSync(readFileSync(path.join(dist, src.replace(/^\//, ''))), { level: 9 }).length,
  }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
