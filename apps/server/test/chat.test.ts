import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../src/domains/audit/schema';
import { chatMessages } from '../src/domains/chat/schema';
import { drivers } from '../src/domains/drivers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { createBookingRow, createDriverRow } from './factories-incidents';

type Message = {
  id: number;
  driverId: number;
  fromDriver: boolean;
  senderName: string;
  message: string;
  isBroadcast: boolean;
  bookingId: number | null;
  readAt: string | null;
};
type Answer<T> = { code: number; message: string; data: T; errors?: { field: string; message: string }[] };
type List<T> = { data: T[]; allData: T[]; total: number; count: number; code?: number };
type Conversation = { driverId: number; driverName: string; unreadCount: number; lastMessage: string | null };

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let dispatcher: SignedIn;
let accounts: SignedIn;
let driverA: { id: number; session: SignedIn };
let driverB: { id: number; session: SignedIn };
let otherDriverId: number;

const send = (body: object, token = dispatcher.accessToken) => call(t.app, 'Staff/SendMessage', body, token);
const driverSend = (body: object, token = driverA.session.accessToken) =>
  call(t.app, 'Driver/SendMessage', body, token);
const officeChat = (driverId: number, extra: object = {}, token = dispatcher.accessToken) =>
  call(t.app, 'Staff/GetDispatcherChatss', { driverId, perPage: 100, ...extra }, token);
const ownChat = (token = driverA.session.accessToken) => call(t.app, 'Driver/GetDriverChatss', { perPage: 100 }, token);
const conversations = (body: object = {}, token = dispatcher.accessToken) =>
  call(t.app, 'Staff/GetTableSummaryDispatcherChatsList', { perPage: 100, ...body }, token);

async function driverAccount(companyId: number) {
  const u = await createUser(t.db, companyId, 'driver');
  await t.db
    .update(drivers)
    .set({ firstName: `D${u.personId}` })
    .where(eq(drivers.id, u.personId));
  return { id: u.personId, session: await signIn(t.app, u.email) };
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  dispatcher = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher, fullName: 'Dee Spatch' }))
      .email,
  );
  accounts = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts })).email,
  );
  driverA = await driverAccount(company.id);
  driverB = await driverAccount(company.id);
  otherDriverId = await createDriverRow(t.db, otherCompany.id);
});

describe('Staff/SendMessage', () => {
  it('writes a message from the office to a driver, named by its sender', async () => {
    const res = await send({ driverId: driverA.id, message: '  Please call the office  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: 'Message sent.' });
    expect(res.body.data).toMatchObject({
      driverId: driverA.id,
      fromDriver: false,
      senderName: 'Dee Spatch',
      message: 'Please call the office',
      isBroadcast: false,
      readAt: null,
      bookingId: null,
    });
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, res.body.data.id));
    expect(row).toMatchObject({ companyId: company.id, body: 'Please call the office', fromDriver: false });
  });

  it('takes a booking of the company and refuses another company’s booking by name', async () => {
    const mine = await createBookingRow(t.db, company.id, { driverId: driverA.id });
    expect((await send({ driverId: driverA.id, message: 'About this job', bookingId: mine })).body.data.bookingId).toBe(
      mine,
    );
    const theirs = await createBookingRow(t.db, otherCompany.id);
    const res = await send({ driverId: driverA.id, message: 'x', bookingId: theirs });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'bookingId', message: 'must be a booking of your company' }]);
  });

  it('answers bad input naming the field, and writes nothing', async () => {
    const before = await t.db.select().from(chatMessages);
    const empty = await send({ driverId: driverA.id, message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'message', message: 'is required' }]);
    const long = await send({ driverId: driverA.id, message: 'x'.repeat(2001) });
    expect(long.body.errors?.[0]?.field).toBe('message');
    const noDriver = await send({ message: 'hello' });
    expect(noDriver.status).toBe(400);
    expect(noDriver.body.errors?.[0]).toEqual({ field: 'driverId', message: 'is required' });
    expect(await t.db.select().from(chatMessages)).toHaveLength(before.length);
  });

  it('treats another company’s driver as missing, and refuses a role without Chat', async () => {
    expect((await send({ driverId: otherDriverId, message: 'hi' })).status).toBe(404);
    expect((await send({ driverId: driverA.id, message: 'hi' }, other.accessToken)).status).toBe(404);
    expect((await send({ driverId: driverA.id, message: 'hi' }, accounts.accessToken)).status).toBe(403);
    expect((await send({ driverId: driverA.id, message: 'hi' }, driverA.session.accessToken)).status).toBe(403);
  });
});

describe('Driver/SendMessage and Driver/GetDriverChatss', () => {
  it('lets a driver write to the office and read only their own conversation', async () => {
    const res = await driverSend({ message: 'Stuck in traffic, 10 minutes late' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      driverId: driverA.id,
      fromDriver: true,
      senderName: `D${driverA.id} Driver`,
    });
    await send({ driverId: driverB.id, message: 'For B only' });
    const mine = await ownChat();
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((m) => m.driverId === driverA.id)).toBe(true);
    expect(mine.body.data[0]?.message).toBe('Stuck in traffic, 10 minutes late');
    const theirs = await ownChat(driverB.session.accessToken);
    expect(theirs.body.data.map((m) => m.message)).toEqual(['For B only']);
  });

  it('refuses a driver a booking that is not theirs', async () => {
    const notMine = await createBookingRow(t.db, company.id, { driverId: driverB.id });
    const res = await driverSend({ message: 'x', bookingId: notMine });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toEqual({ field: 'bookingId', message: 'must be one of your own bookings' });
  });

  it('answers bad input by name', async () => {
    const res = await driverSend({ message: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('message');
    const page = await call(t.app, 'Driver/GetDriverChatss', { perPage: 500 }, driverA.session.accessToken);
    expect(page.status).toBe(400);
  });

  it('serves driver accounts only', async () => {
    expect((await call(t.app, 'Driver/GetDriverChatss', {}, dispatcher.accessToken)).status).toBe(403);
    expect((await call(t.app, 'Driver/SendMessage', { message: 'x' }, dispatcher.accessToken)).status).toBe(403);
    // An admin passes every subject, but has no conversation of its own.
    expect((await call(t.app, 'Driver/GetDriverChatss', {}, admin.accessToken)).status).toBe(403);
  });
});

describe('Staff/GetDispatcherChatss', () => {
  it('lists one driver’s conversation newest first, paged', async () => {
    const res = await officeChat(driverA.id, { perPage: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.count).toBeGreaterThanOrEqual(3);
    expect(res.body.data[0]?.message).toBe('Stuck in traffic, 10 minutes late');
    const asc = await officeChat(driverA.id, { sortType: 'asc' });
    expect(asc.body.data[0]?.message).toBe('Please call the office');
  });

  it('answers bad input, another company and a missing permission', async () => {
    expect((await call(t.app, 'Staff/GetDispatcherChatss', {}, dispatcher.accessToken)).status).toBe(400);
    const badSort = await officeChat(driverA.id, { sortColumn: 'body' });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ code: 400 });
    expect((await officeChat(driverA.id, {}, other.accessToken)).status).toBe(404);
    expect((await officeChat(driverA.id, {}, accounts.accessToken)).status).toBe(403);
  });
});

describe('Staff/GetTableSummaryDispatcherChatsList', () => {
  it('lists drivers with their last message and unread count, latest first, searchable', async () => {
    const res = await conversations();
    expect(res.status).toBe(200);
    const a = res.body.data.find((c) => c.driverId === driverA.id);
    expect(a).toMatchObject({ lastMessage: 'Stuck in traffic, 10 minutes late', unreadCount: 1 });
    expect(res.body.data.find((c) => c.driverId === otherDriverId)).toBeUndefined();
    const found = await conversations({ q: `D${driverB.id}` });
    expect(found.body.data.map((c) => c.driverId)).toEqual([driverB.id]);
    const unread = await conversations({ onlyUnread: true });
    expect(unread.body.data.map((c) => c.driverId)).toEqual([driverA.id]);
  });

  it('answers bad input, another company and a missing permission', async () => {
    const bad = await conversations({ sortColumn: 'salary' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
    const theirs = await conversations({}, other.accessToken);
    expect(theirs.body.data.some((c) => c.driverId === driverA.id)).toBe(false);
    expect((await conversations({}, accounts.accessToken)).status).toBe(403);
  });
});

describe('read marks', () => {
  it('Staff/UpdateStatusOfUnreadMessagesForDriver marks one driver’s messages read', async () => {
    await call(t.app, 'Driver/SendMessage', { message: 'B here' }, driverB.session.accessToken);
    const res = await call(
      t.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.id },
      dispatcher.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ updated: 1, driverId: driverA.id });
    const list = await conversations();
    expect(list.body.data.find((c) => c.driverId === driverA.id)?.unreadCount).toBe(0);
    expect(list.body.data.find((c) => c.driverId === driverB.id)?.unreadCount).toBe(1);
    const bad = await call(
      t.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: 'x' },
      dispatcher.accessToken,
    );
    expect(bad.status).toBe(400);
    const theirs = await call(
      t.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.id },
      other.accessToken,
    );
    expect(theirs.status).toBe(404);
    const denied = await call(
      t.app,
      'Staff/UpdateStatusOfUnreadMessagesForDriver',
      { driverId: driverA.id },
      accounts.accessToken,
    );
    expect(denied.status).toBe(403);
  });

  it('Staff/UpdateStatusOfNotificationMessages marks the listed messages and refuses others by name', async () => {
    const m = await call(t.app, 'Driver/SendMessage', { message: 'ping' }, driverB.session.accessToken);
    const officeMessage = (await send({ driverId: driverB.id, message: 'pong' })).body.data.id;
    const wrong = await call(
      t.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id, officeMessage] },
      dispatcher.accessToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('ids');
    const [still] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, m.body.data.id));
    expect(still?.readAt).toBeNull();
    const empty = await call(t.app, 'Staff/UpdateStatusOfNotificationMessages', { ids: [] }, dispatcher.accessToken);
    expect(empty.status).toBe(400);
    const theirs = await call(
      t.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id] },
      other.accessToken,
    );
    expect(theirs.status).toBe(400);
    expect(
      (await call(t.app, 'Staff/UpdateStatusOfNotificationMessages', { ids: [m.body.data.id] }, accounts.accessToken))
        .status,
    ).toBe(403);
    const ok = await call(
      t.app,
      'Staff/UpdateStatusOfNotificationMessages',
      { ids: [m.body.data.id] },
      dispatcher.accessToken,
    );
    expect(ok.body.data.updated).toBe(1);
  });

  it('Staff/UpdateStatusOfUnreadMessages marks every driver’s messages read', async () => {
    await call(t.app, 'Driver/SendMessage', { message: 'again' }, driverB.session.accessToken);
    expect((await call(t.app, 'Staff/UpdateStatusOfUnreadMessages', {}, accounts.accessToken)).status).toBe(403);
    const theirs = await call(t.app, 'Staff/UpdateStatusOfUnreadMessages', {}, other.accessToken);
    expect(theirs.body.data.updated).toBe(0);
    const res = await call(t.app, 'Staff/UpdateStatusOfUnreadMessages', {}, dispatcher.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThanOrEqual(2);
    expect((await conversations({ onlyUnread: true })).body.count).toBe(0);
  });

  it('Driver/UpdateStatusOfUnreadMessagesDriverApp marks the office’s messages to that driver read', async () => {
    const res = await call(t.app, 'Driver/UpdateStatusOfUnreadMessagesDriverApp', {}, driverA.session.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThanOrEqual(2);
    const chat = await officeChat(driverA.id);
    expect(chat.body.data.filter((m) => !m.fromDriver).every((m) => m.readAt)).toBe(true);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.driverId, driverB.id), eq(chatMessages.fromDriver, false)));
    expect(rows.some((r) => r.readAt === null)).toBe(true);
    expect((await call(t.app, 'Driver/UpdateStatusOfUnreadMessagesDriverApp', {}, dispatcher.accessToken)).status).toBe(
      403,
    );
  });
});

describe('Staff/SendBroadCastMessageToAllActiveDriver', () => {
  it('writes one marked row per switched-on driver', async () => {
    const off = await createDriverRow(t.db, company.id, { isActive: false });
    const res = await call(
      t.app,
      'Staff/SendBroadCastMessageToAllActiveDriver',
      { message: 'Airport queue is long tonight' },
      dispatcher.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.driverIds).toEqual(expect.arrayContaining([driverA.id, driverB.id]));
    expect(res.body.data.driverIds).not.toContain(off);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.companyId, company.id), eq(chatMessages.isBroadcast, true)));
    expect(rows).toHaveLength(res.body.data.sent);
    expect((await ownChat()).body.data[0]).toMatchObject({
      message: 'Airport queue is long tonight',
      isBroadcast: true,
    });
  });

  it('answers bad input, a company without active drivers, and a missing permission', async () => {
    const bad = await call(t.app, 'Staff/SendBroadCastMessageToAllActiveDriver', {}, dispatcher.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('message');
    const none = await call(t.app, 'Staff/SendBroadCastMessageToAllActiveDriver', { message: 'hi' }, other.accessToken);
    expect(none.status).toBe(200); // the other company has one active driver of its own
    const theirRows = await t.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverA.id));
    expect(theirRows.filter((r) => r.body === 'hi')).toHaveLength(0);
    const empty = await createCompany(t.db);
    const emptyAdmin = await signIn(t.app, empty.adminEmail);
    const nobody = await call(
      t.app,
      'Staff/SendBroadCastMessageToAllActiveDriver',
      { message: 'hi' },
      emptyAdmin.accessToken,
    );
    expect(nobody.status).toBe(409);
    expect(
      (await call(t.app, 'Staff/SendBroadCastMessageToAllActiveDriver', { message: 'hi' }, accounts.accessToken))
        .status,
    ).toBe(403);
  });
});

describe('Staff/DeleteDriverChat', () => {
  it('hides the conversation from both sides, keeps the rows marked, and writes history', async () => {
    expect((await call(t.app, 'Staff/DeleteDriverChat', { driverId: driverB.id }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Staff/DeleteDriverChat', { driverId: driverB.id }, accounts.accessToken)).status).toBe(
      403,
    );
    expect((await call(t.app, 'Staff/DeleteDriverChat', { driverId: 0 }, dispatcher.accessToken)).status).toBe(400);
    const before = await t.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverB.id));
    const res = await call(t.app, 'Staff/DeleteDriverChat', { driverId: driverB.id }, dispatcher.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(before.length);
    expect((await officeChat(driverB.id)).body.count).toBe(0);
    expect((await ownChat(driverB.session.accessToken)).body.count).toBe(0);
    expect((await ownChat()).body.count).toBeGreaterThan(0);
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.driverId, driverB.id));
    expect(rows.every((r) => r.deletedAt)).toBe(true);
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, driverB.id)));
    expect(history.map((h) => h.action)).toContain('chat_deleted');
  });
});

describe('live delivery', () => {
  it('brings a message to the office and to that driver only, both ways', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
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
    const office = await connect(dispatcher.accessToken);
    const a = await connect(driverA.session.accessToken);
    const b = await connect(driverB.session.accessToken);
    const chatOf = (frames: typeof office.frames, text: string) =>
      frames.some(
        (f) => f.event === 'chat.message' && (f.payload?.message as { message?: string } | undefined)?.message === text,
      );
    await send({ driverId: driverA.id, message: 'live to A' });
    await expect.poll(() => chatOf(a.frames, 'live to A')).toBe(true);
    await expect.poll(() => chatOf(office.frames, 'live to A')).toBe(true);
    await driverSend({ message: 'live from A' });
    await expect.poll(() => chatOf(office.frames, 'live from A')).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(chatOf(b.frames, 'live to A') || chatOf(b.frames, 'live from A')).toBe(false);
    for (const s of [office, a, b]) s.socket.close();
  });
});
