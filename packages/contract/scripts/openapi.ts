/**
 * Writes openapi.json, the web's call table (src/call-table.generated.ts) and its input loaders
 * (src/call-inputs.generated.ts) from the contract; with
 * --check, fails when a committed file differs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '../src/openapi';
import { callInputsSource, callTableSource } from './call-table';

const files = [
  {
    file: fileURLToPath(new URL('../openapi.json', import.meta.url)),
    content: async () => `${JSON.stringify(openApiDocument(), null, 2)}\n`,
  },
  {
    file: fileURLToPath(new URL('../src/call-table.generated.ts', import.meta.url)),
    content: async (file: string) => format(callTableSource(), { ...(await resolveConfig(file)), filepath: file }),
  },
  {
    file: fileURLToPath(new URL('../src/call-inputs.generated.ts', import.meta.url)),
    content: async (file: string) =>
      format(await callInputsSource(), { ...(await resolveConfig(file)), filepath: file }),
  },
];

let stale = false;
for (const { file, content } of files) {
  const generated = await content(file);
  if (process.argv.includes('--check')) {
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (committed !== generated) {
      console.error(`${file} is out of date: run \`npm run openapi\` and commit the result.`);
      stale = true;
    }
  } else {
    writeFileSync(file, generated);
    console.log(`Wrote ${file}`);
  }
}
if (stale) process.exit(1);
if (process.argv.includes('--check')) console.log('openapi.json and the call table match the contract.');
