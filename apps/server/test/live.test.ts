import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookings } from '../src/domains/bookings/schema';
import { moveBooking } from '../src/domains/bookings/moves';
import { SOCKETS_PER_USER } from '../src/platform/events/websocket';
import { call } from './client';
import { signIn } from './factories';
import { adminSession, callContext } from './call-context';
import { world, type World } from './world';

interface Frame {
  type: string;
  seq?: number;
  event?: string;
  payload?: Record<string, unknown>;
}

let w: World<'driver' | 'passenger', true>;
let port: number;

/** A socket that collects frames and can wait for one. */
async function connect(token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const frames: Frame[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
  await new Promise((r) => socket.once('open', r));
  socket.send(JSON.stringify({ type: 'auth', token }));
  const waitFor = async (test: (f: Frame) => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const found = frames.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
  };
  await waitFor((f) => f.type === 'hello');
  return { socket, frames, waitFor };
}

/** A move made by an admin of the company, its live effects held until `runAfterCommit()`. */
const adminMove = () => callContext(w, adminSession(w.company.id));

beforeAll(async () => {
  w = await world({ roles: ['driver', 'passenger'], otherCompany: true });
  await w.app.listen({ port: 0, host: '127.0.0.1' });
  const address = w.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => undefined);

async function newBooking() {
  const [row] = await w.db
    .insert(bookings)
    .values({ companyId: w.company.id, pickupAt: new Date(Date.now() + 3_600_000), status: 'confirmed' })
    .returning({ id: bookings.id });
  return row!.id;
}

describe('the live channel', () => {
  it('pushes a booking move to office screens after the commit, and to the driver it concerns', async () => {
    const office = await connect(w.admin.token);
    const app = await connect(w.as.driver.token);
    const id = await newBooking();
    const ctx = await adminMove();
    await moveBooking(ctx, id, 'offer', { patch: { driverId: w.as.driver.personId } });
    expect(office.frames.some((f) => f.event === 'booking.moved')).toBe(false);
    await ctx.runAfterCommit();
    const seen = await office.waitFor((f) => f.event === 'booking.moved' && f.payload?.id === id);
    expect(seen.payload).toMatchObject({ status: 'offered', driverId: w.as.driver.personId });
    await app.waitFor((f) => f.event === 'booking.moved' && f.payload?.id === id);
    office.socket.close();
    app.socket.close();
  });

  it('keeps other drivers and other companies out', async () => {
    const otherApp = await connect((await w.person('driver')).token);
    const foreignOffice = await connect(w.other.admin.token);
    const id = await newBooking();
    const ctx = await adminMove();
    await moveBooking(ctx, id, 'allocate', { patch: { driverId: w.as.driver.personId } });
    await ctx.runAfterCommit();
    await new Promise((r) => setTimeout(r, 200));
    expect(otherApp.frames.filter((f) => f.type === 'event')).toEqual([]);
    expect(foreignOffice.frames.filter((f) => f.type === 'event')).toEqual([]);
    otherApp.socket.close();
    foreignOffice.socket.close();
  });

  it('replays what a reconnecting screen missed', async () => {
    const first = await connect(w.admin.token);
    const hello = first.frames.find((f) => f.type === 'hello')!;
    first.socket.close();
    const id = await newBooking();
    const ctx = await adminMove();
    await moveBooking(ctx, id, 'cancel');
    await ctx.runAfterCommit();
    const again = await connect(w.admin.token);
    again.socket.send(JSON.stringify({ type: 'resume', after: hello.seq }));
    const missed = await again.waitFor((f) => f.event === 'booking.moved' && f.payload?.id === id);
    expect(missed.payload?.status).toBe('cancelled');
    again.socket.close();
  });

  it('refuses a socket without a valid token, and a role with nothing to hear', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'auth', token: 'nonsense' }));
    const code = await new Promise<number>((r) => socket.once('close', (c) => r(c)));
    expect(code).toBe(4401);
    const p = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((r) => p.once('open', r));
    p.send(JSON.stringify({ type: 'auth', token: w.as.passenger.token }));
    expect(await new Promise<number>((r) => p.once('close', (c) => r(c)))).toBe(4403);
  });

  it('holds a user to a bounded number of live sockets on a process; another user is not hindered', async () => {
    const held = [];
    for (let i = 0; i < SOCKETS_PER_USER; i++) held.push(await connect(w.admin.token));
    const extra = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((r) => extra.once('open', r));
    extra.send(JSON.stringify({ type: 'auth', token: w.admin.token }));
    expect(await new Promise<number>((r) => extra.once('close', (c) => r(c)))).toBe(4429);
    const driver = await connect(w.as.driver.token);
    driver.socket.close();
    const closed = held.map((h) => new Promise((r) => h.socket.once('close', r)));
    for (const h of held) h.socket.close();
    await Promise.all(closed);
    const again = await connect(w.admin.token);
    again.socket.close();
  });

  it('closes the socket of a session that signs out', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const other = await connect(w.admin.token);
    const live = await connect(session.accessToken);
    const closed = new Promise<number>((r) => live.socket.once('close', (c) => r(c)));
    await call(w.app, 'jwt/logout', { refreshToken: session.refreshToken });
    expect(await closed).toBe(4401);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });
});

describe('moving a booking', () => {
  it('refuses a move the state machine forbids with 409 and the current status, writing nothing', async () => {
    const id = await newBooking();
    const ctx = await adminMove();
    await expect(moveBooking(ctx, id, 'arrive')).rejects.toMatchObject({
      status: 409,
      extra: { currentStatus: 'confirmed' },
    });
    await expect(moveBooking(ctx, id, 'allocate', { expectVersion: 99 })).rejects.toMatchObject({ status: 409 });
  });

  it('stamps the journey and measures the wait at pick-up', async () => {
    const id = await newBooking();
    const ctx = await adminMove();
    await moveBooking(ctx, id, 'allocate', { patch: { driverId: w.as.driver.personId } });
    await moveBooking(ctx, id, 'start');
    const arrived = await moveBooking(ctx, id, 'arrive');
    expect(arrived.arrivedAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 1100));
    const boarded = await moveBooking(ctx, id, 'board');
    expect(boarded.waitingSeconds).toBeGreaterThanOrEqual(1);
    const done = await moveBooking(ctx, id, 'complete');
    expect(done).toMatchObject({ status: 'completed', version: 6 });
    const reset = moveBooking(ctx, id, 'reset');
    await expect(reset).rejects.toMatchObject({ status: 409 });
  });
});

describe('positions over the driver socket', () => {
  it('stores a frame of fixes, answers with an ack, and shows the newest on office maps', async () => {
    const office = await connect(w.admin.token);
    const app = await connect(w.as.driver.token);
    const now = Date.now();
    const points = [2, 1, 0].map((ago) => ({
      lat: 51.5 + ago / 1000,
      lng: -0.12,
      recordedAt: new Date(now - ago * 1000).toISOString(),
    }));
    app.socket.send(JSON.stringify({ type: 'positions', id: 'f1', points }));
    const ack = (await app.waitFor((f) => f.type === 'positions.ack')) as Frame & { id: string; stored: number };
    expect(ack).toMatchObject({ id: 'f1', stored: 3 });
    const seen = (await office.waitFor((f) => f.type === 'positions')) as Frame & {
      positions: { driverId: number; lat: number; recordedAt: string }[];
    };
    expect(seen.positions).toContainEqual(
      expect.objectContaining({ driverId: w.as.driver.personId, lat: 51.5, recordedAt: points[2]!.recordedAt }),
    );
    const [latest] = (
      await w.db.$client.query('select lat from driver_locations where driver_id = $1', [w.as.driver.personId])
    ).rows;
    expect(Number(latest.lat)).toBe(51.5);
    // The driver's own app never receives the office's position frames.
    expect(app.frames.some((f) => f.type === 'positions')).toBe(false);
    office.socket.close();
    app.socket.close();
  });

  it('refuses a point from the future naming it, and stores nothing of that frame', async () => {
    const app = await connect(w.as.driver.token);
    const before = (
      await w.db.$client.query('select count(*)::int as n from driver_positions where driver_id = $1', [
        w.as.driver.personId,
      ])
    ).rows[0].n;
    const future = new Date(Date.now() + 3_600_000).toISOString();
    app.socket.send(
      JSON.stringify({
        type: 'positions',
        id: 'bad',
        points: [
          { lat: 51.6, lng: -0.1, recordedAt: new Date().toISOString() },
          { lat: 51.6, lng: -0.1, recordedAt: future },
        ],
      }),
    );
    const error = (await app.waitFor((f) => f.type === 'positions.error')) as Frame & { id: string; field: string };
    expect(error).toMatchObject({ id: 'bad', field: 'points.1.recordedAt' });
    const after = (
      await w.db.$client.query('select count(*)::int as n from driver_positions where driver_id = $1', [
        w.as.driver.personId,
      ])
    ).rows[0].n;
    expect(after).toBe(before);
    app.socket.close();
  });

  it('ignores positions sent by an office screen', async () => {
    const office = await connect(w.admin.token);
    office.socket.send(
      JSON.stringify({
        type: 'positions',
        id: 'x',
        points: [{ lat: 1, lng: 1, recordedAt: new Date().toISOString() }],
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(office.frames.some((f) => f.type === 'positions.ack' || f.type === 'positions.error')).toBe(false);
    office.socket.close();
  });
});
