import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up to its package.json: the same from
 * the TypeScript sources (tests, `npm run dev`) and from the compiled bundle in `dist/` that
 * `npm start` runs, where every module shares the bundle's own address.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cabdesk/server'
    ) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The Cabdesk server folder (apps/server) was not found above this file.');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();

/** A path inside the server package: its migrations, its branding assets. */
export const serverPath = (...parts: string[]) => path.join(serverRoot, ...parts);
