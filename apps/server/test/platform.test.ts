import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { createLogger } from '../src/platform/logger';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-platform-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the embedded PostgreSQL', () => {
  it('runs two instances side by side, each on its own folder and port, and stops them cleanly', async () => {
    const log = createLogger('silent');
    const dirs = ['one', 'two'].map((n) => {
      const d = path.join(scratch, n);
      mkdirSync(d, { recursive: true, mode: 0o755 });
      return path.join(d, 'pg');
    });
    const [a, b] = await Promise.all(
      dirs.map((dataDir) => startEmbeddedPostgres({ dataDir, database: 'cabdesk', log })),
    );
    try {
      expect(a?.port).not.toBe(b?.port);
      expect([a?.port, b?.port]).not.toContain(5432);
      for (const db of [a, b]) {
        const client = new pg.Client({ connectionString: db?.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ v: number; address: string | null }>(
            "select current_setting('server_version_num')::int / 10000 as v, inet_server_addr() as address",
          );
          expect(rows[0]?.v).toBeGreaterThanOrEqual(15);
          // Reached through its Unix socket (no server address), not loopback TCP.
          expect(rows[0]?.address).toBeNull();
        } finally {
          await client.end();
        }
      }
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
    }
    const client = new pg.Client({ connectionString: a?.url, connectionTimeoutMillis: 2000 });
    await expect(client.connect()).rejects.toThrow();
  }, 60_000);
});

describe('HTTPS', () => {
  it('serves over TLS when a certificate and key are configured', async () => {
    const key = path.join(scratch, 'key.pem');
    const cert = path.join(scratch, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const t = await createTestApp({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/health', rejectUnauthorized: false }, (res) => {
          let data = '';
          res.on('data', (c: Buffer) => (data += c.toString()));
          res.on('end', () => resolve(data));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body)).toEqual({ status: 'ok' });
  });
});
