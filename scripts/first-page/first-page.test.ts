import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { initialScripts, measureFirstPage } from './measure';

const dist = mkdtempSync(path.join(os.tmpdir(), 'first-page-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the first page measure', () => {
  it('counts the entry and its preloads, once each, and nothing loaded later', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" href="/assets/index-c.css">`;
    expect(initialScripts(html)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });

  it('adds up their gzipped sizes', () => {
    mkdirSync(path.join(dist, 'assets'));
    const a = 'export const a = 1;'.repeat(200);
    const b = 'export const b = "two";'.repeat(300);
    writeFileSync(path.join(dist, 'assets/index-a.js'), a);
    writeFileSync(path.join(dist, 'assets/vendor-b.js'), b);
    writeFileSync(path.join(dist, 'assets/later-c.js'), 'x'.repeat(10_000));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/vendor-b.js">',
    );
    const measured = measureFirstPage(dist);
    expect(measured.gzipBytes).toBe(gzipSync(a, { level: 9 }).length + gzipSync(b, { level: 9 }).length);
    expect(measured.files.map((f) => f.file)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });
});
