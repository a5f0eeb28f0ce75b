import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../src/domains/audit/schema';
import { chatMessages } from '../src/domains/chat/schema';
import { drivers } from '../src/domains/drivers/schema';
import type { CallInput } from '@cabdesk/contract';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { createCompany, signIn } from './factories';
import { createBookingRow, createDriverRow } from './factories-incidents';
import { world, type Person, type World } from './world';

let w: World<'Accounts', true>;
/** A dispatcher with a name, which the office's messages carry. */
let dispatcher: Person;
let driverA: Person;
let driverB: Person;
let otherDriverId: number;

const send = (body: CallInput<'Staff/SendMessage'>, token = dispatcher.token) =>
  call(w.app, 'Staff/SendMessage', body, token);
const driverSend = (body: CallInput<'Driver/SendMessage'>, token = driverA.token) =>
  call(w.app, 'Driver/SendMessage', body, token);
const officeChat = (
  driverId: number,
  extra: Partial<CallInput<'Staff/GetDispatcherChatss'>> = {},
  token = dispatcher.token,
) => call(w.app, 'Staff/GetDispatcherChatss', { driverId, perPage: 100, ...extra }, token);
const ownChat = (token = driverA.token) => call(w.app, 'Driver/GetDriverChatss', { perPage: 100 }, token);
const conversations = (body: CallInput<'Staff/GetTableSummaryDispatcherChatsList'> = {}, token = dispatcher.token) =>
  call(w.app, 'Staff/GetTableSummaryDispatcherChatsList', { perPage: 100, ...body }, token);

/** A driver account whose first name tells it apart in the conversation list. */
async function driverAccount() {
  const driver = await w.person('driver');
  await w.db
    .update(drivers)
    .set({ firstName: `D${driver.personId}` })
    .where(eq(drivers.id, driver.personId));
  return driver;
}

beforeAll(async () => {
  w = await world({ roles: ['Accounts'], otherCompany: true });
  dispatcher = await w.person('Dispatcher', { fullName: 'Dee Spatch' });
  driverA = await driverAccount();
  driverB = await driverAccount();
  otherDriverId = await createDriverRow(w.db, w.other.company.id);
});

describe('Staff/SendMessage', () => {
  it('writes a message from the office to a driver, named by its sender', async () => {
    const res = await send({ driverId: driverA.personId, message: '  Please call the office  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: 'Message sent.' });
    expect(res.body.data).toMatchObject({
      driverId: driverA.personId,
      fromDriver: false,
      senderName: 'Dee Spatch',
      message: 'Please call the office',
      isBroadcast: false,
      readAt: null,
      bookingId: null,
    });
    const [row] = await w.db.select().from(chatMessages).where(eq(chatMessages.id, res.body.data.id));
    expect(row).toMatchObject({ companyId: w.company.id, body: 'Please call the office', fromDriver: false });
  });

  it('takes a booking of the company and refuses another company’s booking by name', async () => {
    const mine = await createBookingRow(w.db, w.company.id, { driverId: driverA.personId });
    expect(
      (await send({ driverId: driverA.personId, message: 'About this job', bookingId: mine })).body.data.bookingId,
    ).toBe(mine);
    const theirs = await createBookingRow(w.db, w.other.company.id);
    const res = await send({ driverId: driverA.personId, message: 'x', bookingId: theirs });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'bookingId',
        message: 'Booking must be a booking of your company',
        rule: 'must be a booking of your company',
      },
    ]);
  });

  it('answers bad input naming the field, and writes nothing', async () => {
    const before = await w.db.select().from(chatMessages);
    const empty = await send({ driverId: driverA.personId, message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'message', message: 'Message is required', rule: 'is required' }]);
    const long = await send({ driverId: driverA.personId, message: 'x'.repeat(2001) });
    expect(long.body.errors?.[0]?.field).toBe('message');
    const noDriver = await callRaw(w.app, 'Staff/SendMessage', { message: 'hello' }, dispatcher.token);
    expect(noDriver.status).toBe(400);
    expect(noDriver.body.errors?.[0]).toEqual({
      field: 'driverId',
      message: 'Driver is required',
      rule: 'is required',
    });
    expect(await w.db.select().from(chatMessages)).toHaveLength(before.length);
  });

  it('treats another company’s driver as missing, and refuses a role without Chat', async () => {
    expect((await send({ driverId: otherDriverId, message: 'hi' })).status).toBe(404);
    expect((await send({ driverId: driverA.personId, message: 'hi' }, w.other.admin.token)).status).toBe(404);
    expect((await send({ driverId: driverA.personId, message: 'hi' }, w.as.Accounts.token)).status).toBe(403);
    expect((await send({ driverId: driverA.personId, message: 'hi' }, driverA.token)).status).toBe(403);
  });
});

describe('Driver/SendMessage and Driver/GetDriverChatss', () => {
  it('lets a driver write to the office and read only their own conversation', async () => {
    const res = await driverSend({ message: 'Stuck in traffic, 10 minutes late' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      driverId: driverA.personId,
      fromDriver: true,
      senderName: `D${driverA.personId} Driver`,
    });
    await send({ driverId: driverB.personId, message: 'For B only' });
    const mine = await ownChat();
    expect(mine.status).toBe(200);
    expectEvery(mine.body.data, (m) => m.driverId === driverA.personId);
    expect(mine.body.data[0]?.message).toBe('Stuck in traffic, 10 minutes late');
    const theirs = await ownChat(driverB.token);
    expect(theirs.body.data.map((m) => m.message)).toEqual(['For B only']);
  });

  it('refuses a driver a booking that is not theirs', async () => {
    const notMine = await createBookingRow(w.db, w.company.id, { driverId: driverB.personId });
    const res = await driverSend({ message: 'x', bookingId: notMine });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toEqual({
      field: 'bookingId',
      message: 'Booking must be one of your own bookings',
      rule: 'must be one of your own bookings',
    });
  });

  it('answers bad input by name', async () => {
    const res = await driverSend({ message: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('message');
    const page = await call(w.app, 'Driver/GetDriverChatss', { perPage: 500 }, driverA.token);
    expect(page.status).toBe(400);
  });

  it('serves driver accounts only', async () => {
    expect((await call(w.app, 'Driver/GetDriverChatss', {}, dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Driver/SendMessage', { message: 'x' }, dispatcher.token)).status).toBe(403);
    // An admin passes every subject, but has no conversation of its own.
    expect((await call(w.app, 'Driver/GetDriverChatss', {}, w.admin.token)).status).toBe(403);
  });
});

describe('Staff/GetDispatcherChatss', () => {
  it('lists one driver’s conversation newest first, paged', async () => {
    const res = await officeChat(driverA.personId, { perPage: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.count).toBeGreaterThanOrEqual(3);
    expect(res.body.data[0]?.message).toBe('Stuck in traffic, 10 minutes late');
    const asc = await officeChat(driverA.personId, { sortType: 'asc' });
    expect(asc.body.data[0]?.message).toBe('Please call the office');
  });

  it('answers bad input, another company and a missing permission', async () => {
    expect((await callRaw(w.app, 'Staff/GetDispatcherChatss', {}, dispatcher.token)).status).toBe(400);
    const badSort = await callRaw(
      w.app,
      'Staff/GetDispatcherChatss',
      { driverId: driverA.personId, sortColumn: 'body' },
      dispatcher.token,
    );
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ code: 400 });
    expect((await officeChat(driverA.personId, {}, w.other.admin.token)).status).toBe(404);
    expect((await officeChat(driverA.personId, {}, w.as.Accounts.token)).status).toBe(403);
  });
});

describe('Staff/GetTableSummaryDispatcherChatsList', () => {
  it('lists drivers with their last message and unread count, latest first, searchable', async () => {
    const res = await conversations();
    expect(res.status).toBe(200);
    const a = res.body.data.find((c) => c.driverId === driverA.personId);
    expect(a).toMatchObject({ lastMessage: 'Stuck in traffic, 10 minutes late', unreadCount: 1 });
    expect(res.body.data.find((c) => c.driverId === otherDriverId)).toBeUndefined();
    const found = await conversations({ q: `D${driverB.personId}` });
    expect(found.body.data.map((c) => c.driverId)).toEqual([driverB.personId]);
    const unread = await conversations({ onlyUnread: true });
    expect(unread.body.data.map((c) => c.driverId)).toEqual([driverA.personId]);
  });

  it('answers bad input, another company and a missing permission', async () => {
    const bad = await callRaw(
      w.app,
      'Staff/GetTableSummaryDispatcherChatsList',
      { sortColumn: 'salary' },
      dispatcher.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
    const theirs = await conversations({}, w.other.admin.token);
    expect(theirs.body.data.some((c) => c.driverId === driverA.personId)).toBe(false);
    expect((await conversations({}, w.as.Accounts.token)).status).toBe(403);
  });
});

describe('read marks', () => {
  it('Staff/UpdateStatusOfUnreadMessagesForDriver marks one driver’s messages read', async () => {
    await call(w.app, 'Driver/SendMessage', { message: 'B here' }, driverB.token);
    const res = await call(
      w.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.personId },
      dispatcher.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ updated: 1, driverId: driverA.personId });
    const list = await conversations();
    expect(list.body.data.find((c) => c.driverId === driverA.personId)?.unreadCount).toBe(0);
    expect(list.body.data.find((c) => c.driverId === driverB.personId)?.unreadCount).toBe(1);
    const bad = await call(w.app, 'Staff/UpdateStatusOfUnreadMessagesForDriver', { driverId: 'x' }, dispatcher.token);
    expect(bad.status).toBe(400);
    const theirs = await call(
      w.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.personId },
      w.other.admin.token,
    );
    expect(theirs.status).toBe(404);
    const denied = await call(
      w.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.personId },
      w.as.Accounts.token,
    );
    expect(denied.status).toBe(403);
  });

  it('Staff/UpdateStatusOfNotificationMessages marks the listed messages and refuses others by name', async () => {
    const m = await call(w.app, 'Driver/SendMessage', { message: 'ping' }, driverB.token);
    const officeMessage = (await send({ driverId: driverB.personId, message: 'pong' })).body.data.id;
    const wrong = await call(
      w.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id, officeMessage] },
      dispatcher.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('ids');
    const [still] = await w.db.select().from(chatMessages).where(eq(chatMessages.id, m.body.data.id));
    expect(still?.readAt).toBeNull();
    const empty = await call(w.app, 'Staff/UpdateStatusOfNotificationMessages', { ids: [] }, dispatcher.token);
    expect(empty.status).toBe(400);
    const theirs = await call(
      w.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id] },
      w.other.admin.token,
    );
    expect(theirs.status).toBe(400);
    expect(
      (await call(w.app, 'Staff/UpdateStatusOfNotificationMessages', { ids: [m.body.data.id] }, w.as.Accounts.token))
        .status,
    ).toBe(403);
    const ok = await call(
      w.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id] },
      dispatcher.token,
    );
    expect(ok.body.data.updated).toBe(1);
  });

  it('Staff/UpdateStatusOfUnreadMessages marks every driver’s messages read', async () => {
    await call(w.app, 'Driver/SendMessage', { message: 'again' }, driverB.token);
    expect((await call(w.app, 'Staff/UpdateStatusOfUnreadMessages', {}, w.as.Accounts.token)).status).toBe(403);
    const theirs = await call(w.app, 'Staff/UpdateStatusOfUnreadMessages', {}, w.other.admin.token);
    expect(theirs.body.data.updated).toBe(0);
    const res = await call(w.app, 'Staff/UpdateStatusOfUnreadMessages', {}, dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThanOrEqual(2);
    expect((await conversations({ onlyUnread: true })).body.count).toBe(0);
  });

  it('Driver/UpdateStatusOfUnreadMessagesDriverApp marks the office’s messages to that driver read', async () => {
    const res = await call(w.app, 'Driver/UpdateStatusOfUnreadMessagesDriverApp', {}, driverA.token);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThanOrEqual(2);
    const chat = await officeChat(driverA.personId);
    expectEvery(
      chat.body.data.filter((m) => !m.fromDriver),
      (m) => m.readAt !== null,
      "the office's messages",
    );
    const rows = await w.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.driverId, driverB.personId), eq(chatMessages.fromDriver, false)));
    expect(rows.some((r) => r.readAt === null)).toBe(true);
    expect((await call(w.app, 'Driver/UpdateStatusOfUnreadMessagesDriverApp', {}, dispatcher.token)).status).toBe(403);
  });
});

describe('Staff/SendBroadCastMessageToAllActiveDriver', () => {
  it('writes one marked row per switched-on driver', async () => {
    const off = await createDriverRow(w.db, w.company.id, { isActive: false });
    const res = await call(
      w.app,
      'Staff/SendBroadCastMessageToAllActiveDriver',
      { message: 'Airport queue is long tonight' },
      dispatcher.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.driverIds).toEqual(expect.arrayContaining([driverA.personId, driverB.personId]));
    expect(res.body.data.driverIds).not.toContain(off);
    const rows = await w.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.companyId, w.company.id), eq(chatMessages.isBroadcast, true)));
    expect(rows).toHaveLength(res.body.data.sent);
    expect((await ownChat()).body.data[0]).toMatchObject({
      message: 'Airport queue is long tonight',
      isBroadcast: true,
    });
  });

  it('answers bad input, a company without active drivers, and a missing permission', async () => {
    const bad = await callRaw(w.app, 'Staff/SendBroadCastMessageToAllActiveDriver', {}, dispatcher.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('message');
    const none = await call(
      w.app,
      'Staff/SendBroadCastMessageToAllActiveDriver',
      { message: 'hi' },
      w.other.admin.token,
    );
    expect(none.status).toBe(200); // the other company has one active driver of its own
    const theirRows = await w.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverA.personId));
    expect(theirRows.filter((r) => r.body === 'hi')).toHaveLength(0);
    const empty = await createCompany(w.db);
    const emptyAdmin = await signIn(w.app, empty.adminEmail);
    const nobody = await call(
      w.app,
      'Staff/SendBroadCastMessageToAllActiveDriver',
      { message: 'hi' },
      emptyAdmin.accessToken,
    );
    expect(nobody.status).toBe(409);
    expect(
      (await call(w.app, 'Staff/SendBroadCastMessageToAllActiveDriver', { message: 'hi' }, w.as.Accounts.token)).status,
    ).toBe(403);
  });
});

describe('Staff/DeleteDriverChat', () => {
  it('hides the conversation from both sides, keeps the rows marked, and writes history', async () => {
    expect(
      (await call(w.app, 'Staff/DeleteDriverChat', { driverId: driverB.personId }, w.other.admin.token)).status,
    ).toBe(404);
    expect(
      (await call(w.app, 'Staff/DeleteDriverChat', { driverId: driverB.personId }, w.as.Accounts.token)).status,
    ).toBe(403);
    expect((await call(w.app, 'Staff/DeleteDriverChat', { driverId: 0 }, dispatcher.token)).status).toBe(400);
    const before = await w.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverB.personId));
    const res = await call(w.app, 'Staff/DeleteDriverChat', { driverId: driverB.personId }, dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(before.length);
    expect((await officeChat(driverB.personId)).body.count).toBe(0);
    expect((await ownChat(driverB.token)).body.count).toBe(0);
    expect((await ownChat()).body.count).toBeGreaterThan(0);
    const rows = await w.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverB.personId));
    expectEvery(rows, (r) => r.deletedAt !== null);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, driverB.personId)));
    expect(history.map((h) => h.action)).toContain('chat_deleted');
  });
});

describe('live delivery', () => {
  it('brings a message to the office and to that driver only, both ways', async () => {
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const connect = async (token: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      const frames: { type: string; event?: string; payload?: Record<string, unknown> }[] = [];
      socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as (typeof frames)[number]));
      await new Promise((r) => socket.once('open', r));
      socket.send(JSON.stringify({ type: 'auth', token }));
      await expect.poll(() => frames.some((f) => f.type === 'hello')).toBe(true);
      return { socket, frames };
    };
    const office = await connect(dispatcher.token);
    const a = await connect(driverA.token);
    const b = await connect(driverB.token);
    const chatOf = (frames: typeof office.frames, text: string) =>
      frames.some(
        (f) => f.event === 'chat.message' && (f.payload?.message as { message?: string } | undefined)?.message === text,
      );
    await send({ driverId: driverA.personId, message: 'live to A' });
    await expect.poll(() => chatOf(a.frames, 'live to A')).toBe(true);
    await expect.poll(() => chatOf(office.frames, 'live to A')).toBe(true);
    await driverSend({ message: 'live from A' });
    await expect.poll(() => chatOf(office.frames, 'live from A')).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(chatOf(b.frames, 'live to A') || chatOf(b.frames, 'live from A')).toBe(false);
    for (const s of [office, a, b]) s.socket.close();
  });
});
