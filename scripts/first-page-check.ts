/**
 * `npm run size:check`: fails when the web app's first page loads more gzipped JavaScript than its
 * budget (run after `npm run build`; CI runs it after the tests have built the app).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAGE_BUDGET_KB, measureFirstPage } from './first-page/measure';

const dist = path.resolve(fileURLToPath(import.meta.url), '../../apps/web/dist');
const page = measureFirstPage(dist);
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
for (const f of [...page.files].sort((x, y) => y.gzipBytes - x.gzipBytes).slice(0, 8)) {
  console.log(`${String(kb(f.gzipBytes)).padStart(7)} KB  ${f.file}`);
}
console.log(
  `First page: ${kb(page.gzipBytes)} KB of gzipped JavaScript in ${page.files.length} files (budget ${FIRST_PAGE_BUDGET_KB} KB).`,
);
if (page.gzipBytes > FIRST_PAGE_BUDGET_KB * 1024) {
  console.error('The first page is over its budget: load the new code with the feature that needs it.');
  process.exit(1);
}
