// Compiles the server into one ES module, apps/server/dist/main.js, which `npm start` runs with plain
// Node. The workspace packages (@cabdesk/*, published as TypeScript) are bundled in; every other
// package stays an import of node_modules, as installed.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const keepPackagesOutside = {
  name: 'keep-packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cabdesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(here, 'dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepPackagesOutside],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
