import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveBooking } from '../src/domains/bookings/moves';
import { deliverOutboxMessage, MAX_ATTEMPTS, sweepOutbox } from '../src/domains/notifications/delivery';
import { outboxMessages } from '../src/domains/notifications/schema';
import type { Session } from '../src/platform/auth/tokens';
import type { CallContext } from '../src/platform/http/context';
import { call, createTestApp, type TestApp } from './harness';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { eventually, messageFactories } from './factories-notifications';

interface Mail {
  to: string[];
  raw: string;
}

const received: Mail[] = [];
let smtp: SMTPServer;
let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let accounts: SignedIn;
let passengerUser: SignedIn;
let f: ReturnType<typeof messageFactories>;
let bookingId: number;
let otherBookingId: number;

type Row = Record<string, unknown> & { id: number; status: string; recipient: string };
type Sent = { code: number; message: string; data: { queued: number; messages: Row[] }; errors?: { field: string }[] };

/** The decoded text of a message as it arrived (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as { port: number }).port;
}

/** Runs service code the way a mutating call does: one transaction, effects after the commit. */
async function asCall<T>(session: Session, fn: (ctx: CallContext<Session>) => Promise<T>): Promise<T> {
  const effects: (() => void | Promise<void>)[] = [];
  const result = await t.db.transaction((tx) =>
    fn({
      db: tx,
      session,
      services: t.services,
      ability: undefined as never,
      rules: [],
      request: { ip: '127.0.0.1', userAgent: undefined },
      afterCommit: (e) => effects.push(e),
      afterRollback: () => undefined,
    }),
  );
  for (const e of effects) await e();
  return result;
}

const settled = (id: number) =>
  eventually(async () => {
    const row = await f.outbox(id);
    return row && row.status !== 'queued' ? row : undefined;
  });

beforeAll(async () => {
  const port = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Test Cabs <desk@testcabs.example>' });
  f = messageFactories(t.db);
  company = await createCompany(t.db, { name: 'Night Owl Cars', phone: '020 7946 0000', timezone: 'Europe/Berlin' });
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  accounts = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts })).email,
  );
  passengerUser = await signIn(t.app, (await createUser(t.db, company.id, 'passenger')).email);
  const passengerId = await f.passenger(company.id);
  bookingId = await f.booking(company.id, {
    passengerId,
    pickupAt: new Date('2030-05-17T13:30:00Z'),
    pickup: '221B Baker Street',
    dropoff: 'Heathrow Terminal 5',
  });
  otherBookingId = await f.booking(otherCompany.id);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('Booking/SendConfirmationEmail', () => {
  it('queues the e-mail in the outbox and the job queue delivers it over SMTP', async () => {
    const res = await call<Sent>(t.app, 'Booking/SendConfirmationEmail', { id: bookingId }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.queued).toBe(1);
    const [queued] = res.body.data.messages;
    expect(queued).toMatchObject({ channel: 'email', recipient: 'olivia@example.test', status: 'queued', attempts: 0 });

    const row = await settled(queued!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const mail = await eventually(async () => received.find((m) => m.to.includes('olivia@example.test')));
    const text = decoded(mail.raw);
    expect(text).toMatch(/^Subject: Booking \d+ confirmed for Fri, 17 May 2030, 15:30$/m);
    expect(text).toContain('From: Test Cabs <desk@testcabs.example>');
    expect(text).toContain(`your booking ${bookingId} is confirmed.`);
    // The pick-up time reads in the company's own zone (Berlin: UTC+2 in May).
    expect(text).toContain('Pick-up: Fri, 17 May 2030, 15:30');
    expect(text).toContain('From: 221B Baker Street');
    expect(text).toContain('To: Heathrow Terminal 5');
    expect(text).toContain('Questions: 020 7946 0000.');
  });

  it('sends to the addresses given', async () => {
    const res = await call<Sent>(
      t.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['Ops@Example.test', 'ops@example.test', 'boss@example.test'] },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.messages.map((m) => m.recipient).sort()).toEqual(['boss@example.test', 'ops@example.test']);
  });

  it('refuses bad input by field and writes nothing', async () => {
    const before = await t.db.$count(outboxMessages);
    const bad = await call<Sent>(t.app, 'Booking/SendConfirmationEmail', { id: 'seven' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    const badEmail = await call<Sent>(
      t.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['not-an-address'] },
      admin.accessToken,
    );
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors?.[0]?.field).toBe('emails.0');
    const noAddress = await call<Sent>(
      t.app,
      'Booking/SendConfirmationEmail',
      { id: await f.booking(company.id) },
      admin.accessToken,
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors?.[0]?.field).toBe('emails');
    expect(await t.db.$count(outboxMessages)).toBe(before);
  });

  it("answers 404 for another company's booking and 403 without the permission", async () => {
    expect((await call(t.app, 'Booking/SendConfirmationEmail', { id: otherBookingId }, admin.accessToken)).status).toBe(
      404,
    );
    expect((await call(t.app, 'Booking/SendConfirmationEmail', { id: bookingId }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Booking/SendConfirmationEmail', { id: bookingId }, accounts.accessToken)).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'Booking/SendConfirmationEmail', { id: bookingId }, passengerUser.accessToken)).status,
    ).toBe(403);
  });

  it('records a refused delivery, retries it and marks it failed after the last attempt', async () => {
    const res = await call<Sent>(
      t.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['bounce@example.test'] },
      admin.accessToken,
    );
    const id = res.body.data.messages[0]!.id;
    const first = await eventually(async () => {
      const row = await f.outbox(id);
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(first.status).toBe('queued');
    expect(first.error).toMatch(/Mailbox unavailable/);
    // The queue waits (backoff) before the next try; the last attempt is played here directly.
    await t.db
      .update(outboxMessages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.id, id));
    await deliverOutboxMessage(t.services, id);
    expect(await f.outbox(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // A failed message is not sent again by a late job.
    await deliverOutboxMessage(t.services, id);
    expect((await f.outbox(id))?.attempts).toBe(MAX_ATTEMPTS);
  });
});

describe('Booking/SendConfirmationSMS and SendSMSToDriverwithoutBID', () => {
  it('keeps text messages held in the outbox when no SMS provider is configured', async () => {
    const res = await call<Sent>(t.app, 'Booking/SendConfirmationSMS', { id: bookingId }, admin.accessToken);
    expect(res.status).toBe(200);
    const [sms] = res.body.data.messages;
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+44 7700 900321', subject: null });
    expect(sms!.body).toContain(`Night Owl Cars: booking ${bookingId} confirmed for Fri, 17 May 2030, 15:30`);
    expect(await settled(sms!.id)).toMatchObject({ status: 'held', attempts: 1 });
  });

  it('sends to a given number and refuses a bad one by field', async () => {
    const ok = await call<Sent>(
      t.app,
      'Booking/SendConfirmationSMS',
      { id: bookingId, phoneNo: '+49 30 1234567' },
      admin.accessToken,
    );
    expect(ok.body.data.messages[0]?.recipient).toBe('+49 30 1234567');
    const bad = await call<Sent>(
      t.app,
      'Booking/SendConfirmationSMS',
      { id: bookingId, phoneNo: 'call me' },
      admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('phoneNo');
    const noPassenger = await call<Sent>(
      t.app,
      'Booking/SendConfirmationSMS',
      { id: await f.booking(company.id) },
      admin.accessToken,
    );
    expect(noPassenger.status).toBe(400);
    expect(noPassenger.body.errors?.[0]?.field).toBe('phoneNo');
    expect((await call(t.app, 'Booking/SendConfirmationSMS', { id: otherBookingId }, admin.accessToken)).status).toBe(
      404,
    );
    expect((await call(t.app, 'Booking/SendConfirmationSMS', { id: bookingId }, accounts.accessToken)).status).toBe(
      403,
    );
  });

  it("texts a driver without a booking; another company's driver is not found", async () => {
    const driverId = await f.driver(company.id);
    const res = await call<Sent>(
      t.app,
      'Booking/SendSMSToDriverwithoutBID',
      { driverId, message: 'Please call the office.' },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.messages[0]).toMatchObject({
      recipient: '+44 7700 900999',
      body: 'Please call the office.',
      event: 'driver_message',
      bookingId: null,
    });
    const empty = await call<Sent>(
      t.app,
      'Booking/SendSMSToDriverwithoutBID',
      { driverId, message: '  ' },
      admin.accessToken,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('message');
    const noPhone = await f.driver(company.id, { mobile: null, phone: null });
    const refused = await call<Sent>(
      t.app,
      'Booking/SendSMSToDriverwithoutBID',
      { driverId: noPhone, message: 'Hello' },
      admin.accessToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('driverId');
    expect(
      (await call(t.app, 'Booking/SendSMSToDriverwithoutBID', { driverId, message: 'Hi' }, other.accessToken)).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'Booking/SendSMSToDriverwithoutBID', { driverId, message: 'Hi' }, accounts.accessToken))
        .status,
    ).toBe(403);
  });
});

describe('address look-ups', () => {
  let clientBooking: number;
  let clientId: number;

  beforeAll(async () => {
    clientId = await f.client(company.id, {
      email: 'travel@acme.example',
      notifications: { email: ['confirmation'], sms: ['assigned'], phoneCall: ['arrival'] },
    });
    const passengerId = await f.passenger(company.id, { email: 'OLIVIA@example.test', clientId });
    const bookerId = await f.booker(company.id, { clientId });
    clientBooking = await f.booking(company.id, { passengerId, clientId, bookerId });
  });

  it('lists passenger, booker and client contact once each', async () => {
    const res = await call<{ data: unknown[] }>(
      t.app,
      'Booking/GetBookingEmailAddresses',
      { id: clientBooking },
      accounts.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { kind: 'passenger', name: 'Olivia Stone', email: 'OLIVIA@example.test' },
      { kind: 'booker', name: 'Betty Booker', email: 'betty@example.test' },
      { kind: 'client', name: expect.stringMatching(/^Acme/), email: 'travel@acme.example' },
    ]);
    expect(
      (await call(t.app, 'Booking/GetBookingEmailAddresses', { id: clientBooking }, other.accessToken)).status,
    ).toBe(404);
    expect((await call(t.app, 'Booking/GetBookingEmailAddresses', { id: 0 }, admin.accessToken)).status).toBe(400);
    expect(
      (await call(t.app, 'Booking/GetBookingEmailAddresses', { id: clientBooking }, passengerUser.accessToken)).status,
    ).toBe(403);
  });

  it("follows the client's choice for change-of-address e-mails", async () => {
    const res = await call<{ data: unknown[] }>(
      t.app,
      'Booking/GetBookingEmailAddressesForChangings',
      { id: clientBooking },
      admin.accessToken,
    );
    // The client chose e-mail for confirmations only.
    expect(res.body.data).toEqual([]);
    const noClient = await call<{ data: { kind: string }[] }>(
      t.app,
      'Booking/GetBookingEmailAddressesForChangings',
      { id: bookingId },
      admin.accessToken,
    );
    expect(noClient.body.data.map((a) => a.kind)).toEqual(['passenger']);
    expect(
      (await call(t.app, 'Booking/GetBookingEmailAddressesForChangings', { id: otherBookingId }, admin.accessToken))
        .status,
    ).toBe(404);
  });

  it("gives the passenger's address", async () => {
    const res = await call<{ data: unknown }>(
      t.app,
      'Booking/GetPassengerEmailAddress',
      { id: bookingId },
      admin.accessToken,
    );
    expect(res.body.data).toMatchObject({ bookingId, name: 'Olivia Stone', email: 'olivia@example.test' });
    const none = await call<{ data: unknown }>(
      t.app,
      'Booking/GetPassengerEmailAddress',
      { id: await f.booking(company.id) },
      admin.accessToken,
    );
    expect(none.body.data).toMatchObject({ passengerId: null, email: null });
    expect((await call(t.app, 'Booking/GetPassengerEmailAddress', { id: bookingId }, other.accessToken)).status).toBe(
      404,
    );
  });

  it("gives a client's message choices", async () => {
    const res = await call<{ data: unknown }>(
      t.app,
      'Booking/GetNotificationsForBookingClient',
      { clientId },
      admin.accessToken,
    );
    expect(res.body.data).toMatchObject({
      clientId,
      email: ['confirmation'],
      sms: ['assigned'],
      phoneCall: ['arrival'],
      clientEmail: 'travel@acme.example',
    });
    const bad = await call<Sent>(t.app, 'Booking/GetNotificationsForBookingClient', {}, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('clientId');
    expect(
      (await call(t.app, 'Booking/GetNotificationsForBookingClient', { clientId }, other.accessToken)).status,
    ).toBe(404);
  });

  it("queues a booking event's messages by the client's choices", async () => {
    const session: Session = { userId: 1, companyId: company.id, kind: 'admin', staffRoleId: 0, personId: 0 };
    const driverId = await f.driver(company.id, { firstName: 'Ravi', lastName: 'Singh' });
    const vehicleId = await f.vehicle(company.id);
    await asCall(session, (ctx) => moveBooking(ctx, clientBooking, 'confirm'));
    const confirmation = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.bookingId, clientBooking), eq(outboxMessages.event, 'confirmation')));
    // E-mail for confirmations goes to passenger, booker and client contact; no text message.
    expect(confirmation.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([
      'email:OLIVIA@example.test',
      'email:betty@example.test',
      'email:travel@acme.example',
    ]);
    await asCall(session, (ctx) => moveBooking(ctx, clientBooking, 'allocate', { patch: { driverId, vehicleId } }));
    const assigned = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.bookingId, clientBooking), eq(outboxMessages.event, 'assigned')));
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ channel: 'sms', recipient: '+44 7700 900321' });
    expect(assigned[0]!.body).toMatch(/Ravi Singh will collect you at .* in Silver Toyota Prius, AB\d\d CDE\./);
  });
});

describe('Outbox/GetTableSummary and Outbox/Resend', () => {
  type List = { data: Row[]; count: number; total: number };

  it("lists the company's messages newest first, filtered and searched", async () => {
    const res = await call<List>(t.app, 'Outbox/GetTableSummary', { perPage: 100 }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThan(3);
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const sms = await call<List>(t.app, 'Outbox/GetTableSummary', { channel: 'sms' }, admin.accessToken);
    expect(sms.body.data.every((r) => r.channel === 'sms')).toBe(true);
    const found = await call<List>(t.app, 'Outbox/GetTableSummary', { q: 'bounce@' }, accounts.accessToken);
    expect(found.body.data.map((r) => r.status)).toEqual(['failed']);
    const mine = await call<List>(t.app, 'Outbox/GetTableSummary', {}, other.accessToken);
    expect(mine.body.count).toBe(0);
    const bad = await call<Sent>(t.app, 'Outbox/GetTableSummary', { status: 'lost' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('status');
    const badSort = await call<Sent>(t.app, 'Outbox/GetTableSummary', { sortColumn: 'body' }, admin.accessToken);
    expect(badSort.status).toBe(400);
    expect((await call(t.app, 'Outbox/GetTableSummary', {}, passengerUser.accessToken)).status).toBe(403);
  });

  it('queues a failed message again and refuses one already sent', async () => {
    const failed = await call<List>(t.app, 'Outbox/GetTableSummary', { status: 'failed' }, admin.accessToken);
    const id = failed.body.data[0]!.id;
    expect((await call(t.app, 'Outbox/Resend', { id }, accounts.accessToken)).status).toBe(403);
    expect((await call(t.app, 'Outbox/Resend', { id }, other.accessToken)).status).toBe(404);
    const res = await call<{ data: Row }>(t.app, 'Outbox/Resend', { id }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'queued', attempts: 0, error: null });
    const again = await eventually(async () => {
      const row = await f.outbox(id);
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(again.error).toMatch(/Mailbox unavailable/);

    const sent = await call<List>(t.app, 'Outbox/GetTableSummary', { status: 'sent' }, admin.accessToken);
    const conflict = await call<{ currentStatus: string }>(
      t.app,
      'Outbox/Resend',
      { id: sent.body.data[0]!.id },
      admin.accessToken,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.currentStatus).toBe('sent');
  });

  it('sweeps up committed messages whose job never reached the queue', async () => {
    const [row] = await t.db
      .insert(outboxMessages)
      .values({
        companyId: company.id,
        channel: 'email',
        recipient: 'late@example.test',
        subject: 'Late',
        body: 'Written while the queue was down.',
        event: 'confirmation',
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    expect(await sweepOutbox(t.services)).toBeGreaterThanOrEqual(1);
    expect(await settled(row!.id)).toMatchObject({ status: 'sent' });
    expect(received.some((m) => m.to.includes('late@example.test'))).toBe(true);
  });
});

describe('without a mail server', () => {
  it('holds e-mail in the outbox', async () => {
    const bare = await createTestApp();
    const c = await createCompany(bare.db);
    const token = (await signIn(bare.app, c.adminEmail)).accessToken;
    const g = messageFactories(bare.db);
    const id = await g.booking(c.id, { passengerId: await g.passenger(c.id) });
    const res = await call<Sent>(bare.app, 'Booking/SendConfirmationEmail', { id }, token);
    const messageId = res.body.data.messages[0]!.id;
    const row = await eventually(async () => {
      const r = await g.outbox(messageId);
      return r && r.status !== 'queued' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'held', error: null });
  });
});
