import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookings } from '../src/domains/bookings/schema';
import { moveBooking } from '../src/domains/bookings/moves';
import type { RedisBus } from '../src/platform/events/bus';
import { adminSession, inCall } from './call-context';
import { createTestApp } from './harness';
import { createCompany, signIn } from './factories';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two server processes sharing live changes through Redis', () => {
  it('delivers a change made on one process to a screen connected to the other', async () => {
    const one = await createTestApp({ REDIS_URL });
    const two = await createTestApp({ REDIS_URL }, { sharing: one });
    await (one.services.bus as RedisBus).ready();
    await (two.services.bus as RedisBus).ready();
    const company = await createCompany(one.db);
    const token = (await signIn(two.app, company.adminEmail)).accessToken;
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    const address = two.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const frames: { type: string; event?: string; payload?: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'auth', token }));
    await expect.poll(() => frames.some((f) => f.type === 'hello')).toBe(true);

    const [row] = await one.db
      .insert(bookings)
      .values({ companyId: company.id, pickupAt: new Date(Date.now() + 3_600_000), status: 'pending' })
      .returning({ id: bookings.id });
    await inCall(one, adminSession(company.id), (ctx) => moveBooking(ctx, row!.id, 'confirm'));

    await expect
      .poll(() => frames.find((f) => f.event === 'booking.moved')?.payload?.status, { timeout: 3000 })
      .toBe('confirmed');
    socket.close();
  });
});
