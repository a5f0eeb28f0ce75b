import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/platform/db/embedded';

export interface JourneyServer {
  baseUrl: string;
  /** Where the product's e-mails land, one file per message (the raw message as received). */
  mailDir: string;
  /** The mail drop's port on 127.0.0.1, for journeys that type an SMTP server (e-mail settings). */
  smtpPort: number;
  /** What the server logged (warnings and errors unless E2E_SERVER_LOG_LEVEL says more). */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (support/server.ts picks this worker's). */
    servers: JourneyServer[];
    accessTokenTtl: number;
  }
}

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
/** Short enough that a test can wait for a token to expire. */
const ACCESS_TOKEN_TTL = 6;

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready:\n${log()}`);
}

/** A real SMTP server on loopback that writes each message it receives into `dir`. */
async function startMailDrop(dir: string): Promise<SMTPServer> {
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${Date.now()}-${++n}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return smtp;
}

interface Started {
  server: JourneyServer;
  stop: () => Promise<void>;
}

/** Starts `npm start`'s server on a free port with its own data folder and mail drop. */
async function startServer(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-e2e-'));
  const port = await freePort();
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-e2e-mail-'));
  const smtp = await startMailDrop(mailDir);
  const smtpPort = (smtp.server.address() as { port: number }).port;
  let output = '';
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CABDESK_DATA_DIR: dataDir,
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server said is kept beside its data for a failure to be read after the run.
  const logFile = path.join(os.tmpdir(), `cabdesk-e2e-server-${port}.log`);
  const log = createWriteStream(logFile);
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
      log.write(d);
    });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    server: { baseUrl, mailDir, smtpPort, logFile },
    stop: async () => {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server per worker, each on its own data and demo company: two journey files run at once (a
 * journey waits on the browser most of its time, so one at a time left a core idle) and never see
 * each other's bookings, mails or settings.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const started = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  project.provide('accessTokenTtl', ACCESS_TOKEN_TTL);
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
