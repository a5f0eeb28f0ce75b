/** Writes openapi.json from the contract; with --check, fails when the committed file differs. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/openapi';

const file = fileURLToPath(new URL('../openapi.json', import.meta.url));
const generated = `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (committed !== generated) {
    console.error('packages/contract/openapi.json is out of date: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('openapi.json matches the contract.');
} else {
  writeFileSync(file, generated);
  console.log(`Wrote ${file}`);
}
