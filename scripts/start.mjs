// `npm start`: builds the web app and compiles the server when either is missing or older than its
// sources, then runs the compiled server (API, web app and, unless DATABASE_URL is set, an embedded
// PostgreSQL) in this process with plain Node: no TypeScript loader at run time.
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

const compiled = path.join(root, 'apps/server/dist/main.js');
const serverSources = [
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contract/src',
  'packages/money/src',
  'packages/fare-engine/src',
  'packages/pay-engine/src',
  'package-lock.json',
].map((p) => path.join(root, p));
if (
  !existsSync(compiled) ||
  serverSources.some(
    (s) => (statSync(s).isDirectory() ? newestIn(s) : statSync(s).mtimeMs) > statSync(compiled).mtimeMs,
  )
) {
  console.log('Compiling the server…');
  const { buildServer } = await import(path.join(root, 'apps/server/build.mjs'));
  await buildServer();
}

process.setSourceMapsEnabled(true);
await import(compiled);
