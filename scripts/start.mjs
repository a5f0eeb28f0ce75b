// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server (API, web app and, unless DATABASE_URL is set, an embedded PostgreSQL) in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'packages/money/src',
  'packages/fare-engine/src',
  'package-lock.json',
].map((p) => path.join(root, p));
const stale =
  !existsSync(builtIndex) ||
  sources.some((s) => (statSync(s).isDirectory() ? newestIn(s) : statSync(s).mtimeMs) > statSync(builtIndex).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
