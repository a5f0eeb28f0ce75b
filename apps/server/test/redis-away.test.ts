/**
 * Redis goes away under two processes and comes back. Meanwhile a change made on one process still
 * reaches that process's screens; once Redis is back, a screen of the other process receives what it
 * missed, from the stored events, without reconnecting. A Redis server of the test's own (the
 * machine's redis-server binary) is stopped and started again on the same port.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookings } from '../src/domains/bookings/schema';
import { moveBooking } from '../src/domains/bookings/moves';
import type { RedisBus } from '../src/platform/events/bus';
import { freePort } from '../src/platform/db/embedded';
import { adminSession, inCall } from './call-context';
import { createTestApp, type TestApp } from './harness';
import { createCompany, signIn } from './factories';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
let redis: ChildProcess | undefined;

async function startRedis(port: number): Promise<void> {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = new Promise((r) => redis!.once('exit', r));
  redis.kill('SIGKILL');
  await exited;
}

afterAll(stopRedis);

interface Frame {
  type: string;
  seq?: number;
  event?: string;
  payload?: Record<string, unknown>;
}

async function screenOn(t: TestApp, token: string) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const frames: Frame[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
  await new Promise((r) => socket.once('open', r));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => frames.some((f) => f.type === 'hello')).toBe(true);
  return { socket, frames };
}

const movedTo = (frames: Frame[], id: number) =>
  frames.filter((f) => f.event === 'booking.moved' && f.payload?.id === id).map((f) => f.payload?.status);

if (!hasRedisServer) console.warn('redis-away: skipped, no redis-server binary on this machine');

describe.skipIf(!hasRedisServer)('Redis goes away under two processes', () => {
  it('keeps changes on their own process meanwhile, and the other catches up once Redis is back', async () => {
    const port = await freePort();
    await startRedis(port);
    const REDIS_URL = `redis://127.0.0.1:${port}`;
    const JWT_SECRET = 'redis-away-secret-redis-away-secret-0123';
    const one = await createTestApp({ REDIS_URL, JWT_SECRET });
    const two = await createTestApp({ REDIS_URL, JWT_SECRET }, { sharing: one });
    await (one.services.bus as RedisBus).ready();
    await (two.services.bus as RedisBus).ready();
    const company = await createCompany(one.db);
    const token = (await signIn(one.app, company.adminEmail)).accessToken;
    const near = await screenOn(one, token);
    const far = await screenOn(two, token);
    const [row] = await one.db
      .insert(bookings)
      .values({ companyId: company.id, pickupAt: new Date(Date.now() + 3_600_000), status: 'pending' })
      .returning({ id: bookings.id });
    const id = row!.id;
    const move = (to: 'confirm' | 'cancel') => inCall(one, adminSession(company.id), (ctx) => moveBooking(ctx, id, to));

    await move('confirm');
    await expect.poll(() => movedTo(far.frames, id)).toEqual(['confirmed']);

    await stopRedis();
    // Both processes notice the link is gone before the change is made.
    await new Promise((r) => setTimeout(r, 500));
    await move('cancel');
    await expect.poll(() => movedTo(near.frames, id)).toEqual(['confirmed', 'cancelled']);
    expect(movedTo(far.frames, id)).toEqual(['confirmed']);

    await startRedis(port);
    await expect.poll(() => movedTo(far.frames, id), { timeout: 15_000 }).toEqual(['confirmed', 'cancelled']);
    expect(far.socket.readyState).toBe(WebSocket.OPEN);
    near.socket.close();
    far.socket.close();
  }, 60_000);
});
