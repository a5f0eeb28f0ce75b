/** Writes docs/calls.md from the code; with --check, fails when the committed page differs. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { indexCalls } from './calls-index/index-calls';
import { renderCallsIndex } from './calls-index/render';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = fileURLToPath(new URL('../docs/calls.md', import.meta.url));

const calls = indexCalls(root);
// Formatted as `prettier --check` wants it, so the page passes lint as generated.
const options = await prettier.resolveConfig(file);
const generated = await prettier.format(renderCallsIndex(calls), { ...options, filepath: file });

const count = (kind: string) => calls.filter((c) => c.handler?.work.kind === kind).length;
const summary = `${calls.length} calls; handlers' work: ${count('service')} service, ${count('mechanism')} mechanism, ${count('inline')} inline, ${count('not found')} not found`;

if (process.argv.includes('--check')) {
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (committed !== generated) {
    console.error('docs/calls.md is out of date: run `npm run calls` and commit the result.');
    process.exit(1);
  }
  console.log(`docs/calls.md matches the code (${summary}).`);
} else {
  writeFileSync(file, generated);
  console.log(`Wrote ${file} (${summary}).`);
}
