import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');

/** The product as a real server process, as an operator runs it (from its TypeScript sources). */
export interface ProductProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  output: () => string;
  /** SIGTERM, then waits for the exit (SIGKILL after 20 s). */
  stop: () => Promise<void>;
}

/** Starts `apps/server/src/main.ts` with only the given settings beside the environment's. */
export function startProduct(port: number, env: Record<string, string>): ProductProcess {
  let output = '';
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, baseUrl: `http://127.0.0.1:${port}`, port, output: () => output, stop };
}

/** Waits until /ready answers 200; fails with the process's output when it exits or never does. */
export async function untilReady(p: ProductProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`The server exited early:\n${p.output()}`);
    try {
      if ((await fetch(`${p.baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready:\n${p.output()}`);
}

/** A POST call of the product's API, answering the status and the JSON body. */
export async function post<T = Record<string, unknown>>(
  p: ProductProcess,
  name: string,
  body: object,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${p.baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Signs in through the process's API and answers the access token; any refusal is an error. */
export async function signInTo(p: ProductProcess, email: string, password: string): Promise<string> {
  const res = await post<{ accessToken: string }>(p, 'UserLogin/UserSignIn', {
    email,
    password,
    isDriverinWebView: 'False',
  });
  if (res.status !== 200) {
    throw new Error(`sign-in of ${email} on ${p.port}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.accessToken;
}
