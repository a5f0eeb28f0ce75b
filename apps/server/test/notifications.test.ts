import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveBooking } from '../src/domains/bookings/moves';
import { deliverOutboxMessage, MAX_ATTEMPTS, sweepOutbox } from '../src/domains/notifications/delivery';
import { outboxMessages } from '../src/domains/notifications/schema';
import { expectEvery } from './assertions';
import { adminSession, inCall } from './call-context';
import { createTestApp } from './harness';
import { call, callRaw } from './client';
import { createCompany, signIn } from './factories';
import { eventually, messageFactories } from './factories-notifications';
import { world, type World } from './world';

interface Mail {
  to: string[];
  raw: string;
}

const received: Mail[] = [];
let smtp: SMTPServer;
let w: World<'Accounts' | 'passenger', true>;
let f: ReturnType<typeof messageFactories>;
let bookingId: number;
let otherBookingId: number;

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

const settled = (id: number) =>
  eventually(async () => {
    const row = await f.outbox(id);
    return row && row.status !== 'queued' ? row : undefined;
  });

beforeAll(async () => {
  const port = await startSmtp();
  w = await world({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Test Cabs <desk@testcabs.example>' },
    company: { name: 'Night Owl Cars', phone: '020 7946 0000', timezone: 'Europe/Berlin' },
    roles: ['Accounts', 'passenger'],
    otherCompany: true,
  });
  f = messageFactories(w.db);
  const passengerId = await f.passenger(w.company.id);
  bookingId = await f.booking(w.company.id, {
    passengerId,
    pickupAt: new Date('2030-05-17T13:30:00Z'),
    pickup: '221B Baker Street',
    dropoff: 'Heathrow Terminal 5',
  });
  otherBookingId = await f.booking(w.other.company.id);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('Booking/SendConfirmationEmail', () => {
  it('queues the e-mail in the outbox and the job queue delivers it over SMTP', async () => {
    const res = await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.admin.token);
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
    const res = await call(
      w.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['Ops@Example.test', 'ops@example.test', 'boss@example.test'] },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.messages.map((m) => m.recipient).sort()).toEqual(['boss@example.test', 'ops@example.test']);
  });

  it('refuses bad input by field and writes nothing', async () => {
    const before = await w.db.$count(outboxMessages);
    const bad = await call(w.app, 'Booking/SendConfirmationEmail', { id: 'seven' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    const badEmail = await call(
      w.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['not-an-address'] },
      w.admin.token,
    );
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors?.[0]?.field).toBe('emails.0');
    const noAddress = await call(
      w.app,
      'Booking/SendConfirmationEmail',
      { id: await f.booking(w.company.id) },
      w.admin.token,
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors?.[0]?.field).toBe('emails');
    expect(await w.db.$count(outboxMessages)).toBe(before);
  });

  it("answers 404 for another company's booking and 403 without the permission", async () => {
    expect((await call(w.app, 'Booking/SendConfirmationEmail', { id: otherBookingId }, w.admin.token)).status).toBe(
      404,
    );
    expect((await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.other.admin.token)).status).toBe(
      404,
    );
    expect((await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.as.Accounts.token)).status).toBe(
      403,
    );
    expect((await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.as.passenger.token)).status).toBe(
      403,
    );
  });

  it('records a refused delivery, retries it and marks it failed after the last attempt', async () => {
    const res = await call(
      w.app,
      'Booking/SendConfirmationEmail',
      { id: bookingId, emails: ['bounce@example.test'] },
      w.admin.token,
    );
    const id = res.body.data.messages[0]!.id;
    const first = await eventually(async () => {
      const row = await f.outbox(id);
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(first.status).toBe('queued');
    expect(first.error).toMatch(/Mailbox unavailable/);
    // The queue waits (backoff) before the next try; the last attempt is played here directly.
    await w.db
      .update(outboxMessages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.id, id));
    await deliverOutboxMessage(w.services, id);
    expect(await f.outbox(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // A failed message is not sent again by a late job.
    await deliverOutboxMessage(w.services, id);
    expect((await f.outbox(id))?.attempts).toBe(MAX_ATTEMPTS);
  });
});

describe('Booking/SendConfirmationSMS and SendSMSToDriverwithoutBID', () => {
  it('keeps text messages held in the outbox when no SMS provider is configured', async () => {
    const res = await call(w.app, 'Booking/SendConfirmationSMS', { id: bookingId }, w.admin.token);
    expect(res.status).toBe(200);
    const [sms] = res.body.data.messages;
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+44 7700 900321', subject: null });
    expect(sms!.body).toContain(`Night Owl Cars: booking ${bookingId} confirmed for Fri, 17 May 2030, 15:30`);
    expect(await settled(sms!.id)).toMatchObject({ status: 'held', attempts: 1 });
  });

  it('sends to a given number and refuses a bad one by field', async () => {
    const ok = await call(
      w.app,
      'Booking/SendConfirmationSMS',
      { id: bookingId, phoneNo: '+49 30 1234567' },
      w.admin.token,
    );
    expect(ok.body.data.messages[0]?.recipient).toBe('+49 30 1234567');
    const bad = await call(w.app, 'Booking/SendConfirmationSMS', { id: bookingId, phoneNo: 'call me' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('phoneNo');
    const noPassenger = await call(
      w.app,
      'Booking/SendConfirmationSMS',
      { id: await f.booking(w.company.id) },
      w.admin.token,
    );
    expect(noPassenger.status).toBe(400);
    expect(noPassenger.body.errors?.[0]?.field).toBe('phoneNo');
    expect((await call(w.app, 'Booking/SendConfirmationSMS', { id: otherBookingId }, w.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Booking/SendConfirmationSMS', { id: bookingId }, w.as.Accounts.token)).status).toBe(403);
  });

  it("texts a driver without a booking; another company's driver is not found", async () => {
    const driverId = await f.driver(w.company.id);
    const res = await call(
      w.app,
      'Booking/SendSMSToDriverwithoutBID',
      { driverId, message: 'Please call the office.' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.messages[0]).toMatchObject({
      recipient: '+44 7700 900999',
      body: 'Please call the office.',
      event: 'driver_message',
      bookingId: null,
    });
    const empty = await call(w.app, 'Booking/SendSMSToDriverwithoutBID', { driverId, message: '  ' }, w.admin.token);
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('message');
    const noPhone = await f.driver(w.company.id, { mobile: null, phone: null });
    const refused = await call(
      w.app,
      'Booking/SendSMSToDriverwithoutBID',
      { driverId: noPhone, message: 'Hello' },
      w.admin.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('driverId');
    expect(
      (await call(w.app, 'Booking/SendSMSToDriverwithoutBID', { driverId, message: 'Hi' }, w.other.admin.token)).status,
    ).toBe(404);
    expect(
      (await call(w.app, 'Booking/SendSMSToDriverwithoutBID', { driverId, message: 'Hi' }, w.as.Accounts.token)).status,
    ).toBe(403);
  });
});

describe('address look-ups', () => {
  let clientBooking: number;
  let clientId: number;

  beforeAll(async () => {
    clientId = await f.client(w.company.id, {
      email: 'travel@acme.example',
      notifications: { email: ['confirmation'], sms: ['assigned'], phoneCall: ['arrival'] },
    });
    const passengerId = await f.passenger(w.company.id, { email: 'OLIVIA@example.test', clientId });
    const bookerId = await f.booker(w.company.id, { clientId });
    clientBooking = await f.booking(w.company.id, { passengerId, clientId, bookerId });
  });

  it('lists passenger, booker and client contact once each', async () => {
    const res = await call(w.app, 'Booking/GetBookingEmailAddresses', { id: clientBooking }, w.as.Accounts.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { kind: 'passenger', name: 'Olivia Stone', email: 'OLIVIA@example.test' },
      { kind: 'booker', name: 'Betty Booker', email: 'betty@example.test' },
      { kind: 'client', name: expect.stringMatching(/^Acme/), email: 'travel@acme.example' },
    ]);
    expect(
      (await call(w.app, 'Booking/GetBookingEmailAddresses', { id: clientBooking }, w.other.admin.token)).status,
    ).toBe(404);
    expect((await call(w.app, 'Booking/GetBookingEmailAddresses', { id: 0 }, w.admin.token)).status).toBe(400);
    expect(
      (await call(w.app, 'Booking/GetBookingEmailAddresses', { id: clientBooking }, w.as.passenger.token)).status,
    ).toBe(403);
  });

  it("follows the client's choice for change-of-address e-mails", async () => {
    const res = await call(w.app, 'Booking/GetBookingEmailAddressesForChangings', { id: clientBooking }, w.admin.token);
    // The client chose e-mail for confirmations only.
    expect(res.body.data).toEqual([]);
    const noClient = await call(
      w.app,
      'Booking/GetBookingEmailAddressesForChangings',
      { id: bookingId },
      w.admin.token,
    );
    expect(noClient.body.data.map((a) => a.kind)).toEqual(['passenger']);
    expect(
      (await call(w.app, 'Booking/GetBookingEmailAddressesForChangings', { id: otherBookingId }, w.admin.token)).status,
    ).toBe(404);
  });

  it("gives the passenger's address", async () => {
    const res = await call(w.app, 'Booking/GetPassengerEmailAddress', { id: bookingId }, w.admin.token);
    expect(res.body.data).toMatchObject({ bookingId, name: 'Olivia Stone', email: 'olivia@example.test' });
    const none = await call(
      w.app,
      'Booking/GetPassengerEmailAddress',
      { id: await f.booking(w.company.id) },
      w.admin.token,
    );
    expect(none.body.data).toMatchObject({ passengerId: null, email: null });
    expect((await call(w.app, 'Booking/GetPassengerEmailAddress', { id: bookingId }, w.other.admin.token)).status).toBe(
      404,
    );
  });

  it("gives a client's message choices", async () => {
    const res = await call(w.app, 'Booking/GetNotificationsForBookingClient', { clientId }, w.admin.token);
    expect(res.body.data).toMatchObject({
      clientId,
      email: ['confirmation'],
      sms: ['assigned'],
      phoneCall: ['arrival'],
      clientEmail: 'travel@acme.example',
    });
    const bad = await callRaw(w.app, 'Booking/GetNotificationsForBookingClient', {}, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('clientId');
    expect(
      (await call(w.app, 'Booking/GetNotificationsForBookingClient', { clientId }, w.other.admin.token)).status,
    ).toBe(404);
  });

  it("queues a booking event's messages by the client's choices", async () => {
    const session = adminSession(w.company.id);
    const driverId = await f.driver(w.company.id, { firstName: 'Ravi', lastName: 'Singh' });
    const vehicleId = await f.vehicle(w.company.id);
    await inCall(w, session, (ctx) => moveBooking(ctx, clientBooking, 'confirm'));
    const confirmation = await w.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.bookingId, clientBooking), eq(outboxMessages.event, 'confirmation')));
    // E-mail for confirmations goes to passenger, booker and client contact; no text message.
    expect(confirmation.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([
      'email:OLIVIA@example.test',
      'email:betty@example.test',
      'email:travel@acme.example',
    ]);
    await inCall(w, session, (ctx) => moveBooking(ctx, clientBooking, 'allocate', { patch: { driverId, vehicleId } }));
    const assigned = await w.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.bookingId, clientBooking), eq(outboxMessages.event, 'assigned')));
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ channel: 'sms', recipient: '+44 7700 900321' });
    expect(assigned[0]!.body).toMatch(/Ravi Singh will collect you at .* in Silver Toyota Prius, AB\d\d CDE\./);
  });
});

describe('Outbox/GetTableSummary and Outbox/Resend', () => {
  it("lists the company's messages newest first, filtered and searched", async () => {
    const res = await call(w.app, 'Outbox/GetTableSummary', { perPage: 100 }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThan(3);
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const sms = await call(w.app, 'Outbox/GetTableSummary', { channel: 'sms' }, w.admin.token);
    expectEvery(sms.body.data, (r) => r.channel === 'sms');
    const found = await call(w.app, 'Outbox/GetTableSummary', { q: 'bounce@' }, w.as.Accounts.token);
    expect(found.body.data.map((r) => r.status)).toEqual(['failed']);
    const mine = await call(w.app, 'Outbox/GetTableSummary', {}, w.other.admin.token);
    expect(mine.body.count).toBe(0);
    const bad = await callRaw(w.app, 'Outbox/GetTableSummary', { status: 'lost' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('status');
    const badSort = await callRaw(w.app, 'Outbox/GetTableSummary', { sortColumn: 'body' }, w.admin.token);
    expect(badSort.status).toBe(400);
    expect((await call(w.app, 'Outbox/GetTableSummary', {}, w.as.passenger.token)).status).toBe(403);
  });

  it('queues a failed message again and refuses one already sent', async () => {
    const failed = await call(w.app, 'Outbox/GetTableSummary', { status: 'failed' }, w.admin.token);
    const id = failed.body.data[0]!.id;
    expect((await call(w.app, 'Outbox/Resend', { id }, w.as.Accounts.token)).status).toBe(403);
    expect((await call(w.app, 'Outbox/Resend', { id }, w.other.admin.token)).status).toBe(404);
    const res = await call(w.app, 'Outbox/Resend', { id }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'queued', attempts: 0, error: null });
    const again = await eventually(async () => {
      const row = await f.outbox(id);
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(again.error).toMatch(/Mailbox unavailable/);

    const sent = await call(w.app, 'Outbox/GetTableSummary', { status: 'sent' }, w.admin.token);
    const conflict = await call(w.app, 'Outbox/Resend', { id: sent.body.data[0]!.id }, w.admin.token);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: 409, currentStatus: 'sent' });
  });

  it('sweeps up committed messages whose job never reached the queue', async () => {
    const [row] = await w.db
      .insert(outboxMessages)
      .values({
        companyId: w.company.id,
        channel: 'email',
        recipient: 'late@example.test',
        subject: 'Late',
        body: 'Written while the queue was down.',
        event: 'confirmation',
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    expect(await sweepOutbox(w.services)).toBeGreaterThanOrEqual(1);
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
    const res = await call(bare.app, 'Booking/SendConfirmationEmail', { id }, token);
    const messageId = res.body.data.messages[0]!.id;
    const row = await eventually(async () => {
      const r = await g.outbox(messageId);
      return r && r.status !== 'queued' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'held', error: null });
  });
});
