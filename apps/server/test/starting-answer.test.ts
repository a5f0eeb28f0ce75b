import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { freePort, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { createLogger } from '../src/platform/logger';
import { answerWhileStarting } from '../src/platform/http/starting-answer';

describe('the port while the server starts', () => {
  it('answers 503 with words, refuses a taken port clearly, and frees the port for the app', async () => {
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', CABDESK_DEMO_DATA: 'false' });
    const release = await answerWhileStarting(config);
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toEqual({
        code: 503,
        message: 'Cabdesk is starting (database and migrations). Try again in a moment.',
      });
      await expect(answerWhileStarting(config)).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use. Stop what uses it, or set PORT to a free port.`,
      );
    } finally {
      await release();
    }
    const app = createServer();
    await new Promise<void>((resolve, reject) => {
      app.once('error', reject);
      app.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((r) => app.close(r));
  });
});

describe('the embedded PostgreSQL on a taken port', () => {
  it('stops the start with a message naming the port and the setting', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', () => resolve()));
    const folder = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-pg-port-'));
    try {
      await expect(
        startEmbeddedPostgres({
          dataDir: path.join(folder, 'pg'),
          port,
          database: 'cabdesk',
          log: createLogger('silent'),
        }),
      ).rejects.toThrow(
        `Port ${port} on 127.0.0.1, set for the embedded PostgreSQL (CABDESK_PG_PORT), is already in use. Stop what uses it, or set CABDESK_PG_PORT to a free port.`,
      );
    } finally {
      await new Promise((r) => taken.close(r));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
