// `npm run dev`: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// which proxies API calls to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: process.env }),
];
console.log('\n  API on http://localhost:8443 · web app with hot reload on http://localhost:5173\n');

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
