import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailSettings, emailTemplates } from '../src/domains/email-settings/schema';
import { call, callRaw } from './client';
import { messageFactories } from './factories-notifications';
import { startMailbox } from './mailbox';
import { world, type World } from './world';

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let mailPort: number;
let w: World<'Dispatcher', true>;
/** A loopback port with nothing listening: an SMTP server that refuses every connection. */
let deadPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  mailbox = await startMailbox();
  mailPort = Number(new URL(mailbox.url).port);
  deadPort = await freePort();
  // No SMTP_URL: mail that arrives came through the company's own server.
  w = await world({ roles: ['Dispatcher'], otherCompany: true, company: { name: 'Lantern Cars' } });
});

const rowsOf = (companyId: number) => w.db.select().from(emailSettings).where(eq(emailSettings.companyId, companyId));
const templatesOf = (companyId: number) =>
  w.db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
const ourServer = () => ({
  host: '127.0.0.1',
  port: mailPort,
  secure: false,
  fromName: 'Lantern Cars',
  fromAddress: 'desk@lantern.test',
});

describe('EmailSettings/GetTableSummary and GetUsers', () => {
  it("answers the environment's settings and every default template before anything is saved", async () => {
    const res = await call(w.app, 'EmailSettings/GetTableSummary', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [settings] = res.body.data;
    expect(settings).toMatchObject({ id: 0, source: 'environment', host: null, hasPassword: false });
    expect(settings?.templates.map((t) => t.kind)).toEqual([
      'confirmation',
      'on_route',
      'assigned',
      'address_change',
      'arrival',
      'completion',
      'invoice',
      'receipt',
      'payment_link',
      'driver_statement',
    ]);
    expect(settings?.templates.every((t) => t.isDefault)).toBe(true);
    expect(settings?.templates.find((t) => t.kind === 'invoice')?.placeholders).toContain('invoiceNo');
  });

  it('lists the office users who may receive copies, never another company’s', async () => {
    const res = await call(w.app, 'EmailSettings/GetUsers', { perPage: 0 }, w.admin.token);
    expect(res.status).toBe(200);
    const emails = res.body.data.map((u) => u.email);
    expect(emails).toContain(w.admin.email);
    expect(emails).toContain(w.as.Dispatcher.email);
    expect(emails).not.toContain(w.other.admin.email);
    expect(res.body.data.every((u) => !u.receivesCopies)).toBe(true);
  });

  it('is refused to a role without the Settings permission', async () => {
    const res = await call(w.app, 'EmailSettings/GetTableSummary', {}, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
    const test = await call(w.app, 'EmailSettings/SendTestMail', { to: 'a@b.test' }, w.as.Dispatcher.token);
    expect(test.status).toBe(403);
  });
});

describe('EmailSettings/Create', () => {
  it('refuses an SMTP server that does not answer with a clear 400 on host, and saves nothing', async () => {
    const res = await call(
      w.app,
      'EmailSettings/Create',
      { ...ourServer(), port: deadPort, password: 'smtp-secret-4321' },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`Nothing answers at 127\\.0\\.0\\.1:${deadPort}.*Nothing was saved`));
    expect(res.body.errors?.[0]?.field).toBe('host');
    expect(await rowsOf(w.company.id)).toEqual([]);
  });

  it('keeps a refusing server when the payload says saveAnyway, with what the server said', async () => {
    const res = await call(
      w.app,
      'EmailSettings/Create',
      { host: '127.0.0.1', port: deadPort, fromAddress: 'desk@other.test', saveAnyway: true },
      w.other.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.lastCheck).toMatch(/Nothing answers/);
    expect(res.body.message).toMatch(/although the server refused/);
    expect(await rowsOf(w.other.company.id)).toHaveLength(1);
  });

  it('saves a server that answers, its password sealed and answered as a hint only', async () => {
    const res = await call(
      w.app,
      'EmailSettings/Create',
      { ...ourServer(), password: 'smtp-secret-4321' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'company',
      host: '127.0.0.1',
      port: mailPort,
      hasPassword: true,
      passwordHint: '…4321',
      lastCheck: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('smtp-secret');
    const [row] = await rowsOf(w.company.id);
    expect(row?.passwordSealed).toBeTruthy();
    expect(row?.passwordSealed).not.toContain('smtp-secret');
    const list = await call(w.app, 'EmailSettings/GetTableSummary', {}, w.admin.token);
    expect(JSON.stringify(list.body)).not.toContain('smtp-secret');
  });

  it('answers 409 to a second Create', async () => {
    const res = await call(w.app, 'EmailSettings/Create', ourServer(), w.admin.token);
    expect(res.status).toBe(409);
  });

  it('shows each company only its own settings', async () => {
    const theirs = await call(w.app, 'EmailSettings/GetTableSummary', {}, w.other.admin.token);
    expect(theirs.body.data[0]).toMatchObject({ host: '127.0.0.1', port: deadPort, fromAddress: 'desk@other.test' });
    expect(theirs.body.data[0]?.hasPassword).toBe(false);
  });
});

describe('EmailSettings/SendTestMail', () => {
  it('sends a test mail through the saved server, which the loopback SMTP server receives', async () => {
    const res = await call(w.app, 'EmailSettings/SendTestMail', { to: 'owner@lantern.test' }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ to: 'owner@lantern.test', host: '127.0.0.1', port: mailPort });
    expect(res.body.data.serverAnswer).toMatch(/^250/);
    const mail = await mailbox.mailTo('owner@lantern.test', /Test mail/);
    expect(mail.subject).toBe('Test mail from Lantern Cars');
    expect(mail.text).toContain('From: Lantern Cars <desk@lantern.test>');
  });

  it('answers a clear 400 for a typed server that refuses, and changes nothing saved', async () => {
    const before = await rowsOf(w.company.id);
    const res = await call(
      w.app,
      'EmailSettings/SendTestMail',
      { to: 'owner@lantern.test', host: '127.0.0.1', port: deadPort },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Nothing answers at 127.0.0.1:${deadPort}: check the host and port.`);
    expect(res.body.errors?.[0]?.field).toBe('host');
    expect(await rowsOf(w.company.id)).toEqual(before);
  });

  it('asks for a host when the company has no server saved', async () => {
    const fresh = await world({});
    const res = await call(fresh.app, 'EmailSettings/SendTestMail', { to: 'a@b.test' }, fresh.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('host');
  });
});

describe('templates', () => {
  it('refuses a template naming an unknown placeholder, naming the field and the placeholder', async () => {
    const res = await callRaw(
      w.app,
      'EmailSettings/Update',
      { templates: [{ kind: 'confirmation', subject: 'Booked', body: 'Fare: {fareAmount} for {pickup}' }] },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('templates.0.body');
    expect(res.body.message).toContain('{fareAmount}');
    expect(await templatesOf(w.company.id)).toEqual([]);
  });

  it('refuses an unknown template kind by name', async () => {
    const res = await callRaw(
      w.app,
      'EmailSettings/Update',
      { templates: [{ kind: 'birthday', subject: 'Hi', body: 'Hi' }] },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('templates.0.kind');
  });

  it("uses the company's own confirmation text for its next confirmation mail, through its own server", async () => {
    const res = await call(
      w.app,
      'EmailSettings/Update',
      {
        templates: [
          {
            kind: 'confirmation',
            subject: 'Lantern ride {bookingId} is booked',
            body: 'Hi {passengerName}, see you at {pickup}.',
          },
        ],
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.templates.find((t) => t.kind === 'confirmation')).toMatchObject({
      isDefault: false,
      subject: 'Lantern ride {bookingId} is booked',
    });
    const f = messageFactories(w.db);
    const passengerId = await f.passenger(w.company.id, {
      firstName: 'Ivy',
      surname: 'Lamp',
      email: 'ivy@lantern.test',
    });
    const bookingId = await f.booking(w.company.id, { passengerId, pickup: '3 Wick Lane' });
    const sent = await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.admin.token);
    expect(sent.status).toBe(200);
    const mail = await mailbox.mailTo('ivy@lantern.test');
    expect(mail.subject).toBe(`Lantern ride ${bookingId} is booked`);
    expect(mail.text).toContain('Hi Ivy Lamp, see you at 3 Wick Lane.');
  });

  it('returns a template to the default when its subject and body are sent as null', async () => {
    const res = await call(
      w.app,
      'EmailSettings/Update',
      { templates: [{ kind: 'confirmation', subject: null, body: null }] },
      w.admin.token,
    );
    expect(res.body.data.templates.find((t) => t.kind === 'confirmation')?.isDefault).toBe(true);
    expect(await templatesOf(w.company.id)).toEqual([]);
  });

  it('previews a template with sample facts and the company name, as text and HTML', async () => {
    const res = await call(
      w.app,
      'EmailSettings/PreviewTemplate',
      {
        kind: 'invoice',
        subject: 'Invoice {invoiceNo}',
        body: 'Dear {clientName}, {total} by {dueDate}. {companyName}',
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      subject: 'Invoice INV-2026-0042',
      text: 'Dear Northern Events Ltd, £1,284.00 by 30-12-2026. Lantern Cars',
    });
    expect(res.body.data.html).toContain('Northern Events Ltd');
    const bad = await callRaw(
      w.app,
      'EmailSettings/PreviewTemplate',
      { kind: 'receipt', subject: '{invoiceNo}', body: 'x' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('subject');
  });
});

describe('EmailSettings/Update', () => {
  it('refuses copies to a user of another company, naming the item', async () => {
    const res = await call(w.app, 'EmailSettings/Update', { copyUserIds: [w.other.admin.userId] }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('copyUserIds.0');
  });

  it('sends a blind copy of company mail to the users chosen', async () => {
    const res = await call(w.app, 'EmailSettings/Update', { copyUserIds: [w.as.Dispatcher.userId] }, w.admin.token);
    expect(res.status).toBe(200);
    const users = await call(w.app, 'EmailSettings/GetUsers', { perPage: 0 }, w.admin.token);
    expect(users.body.data.find((u) => u.id === w.as.Dispatcher.userId)?.receivesCopies).toBe(true);
    const f = messageFactories(w.db);
    const passengerId = await f.passenger(w.company.id, { email: 'rowan@lantern.test' });
    const bookingId = await f.booking(w.company.id, { passengerId });
    await call(w.app, 'Booking/SendConfirmationEmail', { id: bookingId }, w.admin.token);
    const mail = await mailbox.mailTo('rowan@lantern.test');
    expect(mail.to).toContain(w.as.Dispatcher.email.toLowerCase());
  });

  it('refuses a changed server that refuses and keeps the saved one', async () => {
    const res = await call(w.app, 'EmailSettings/Update', { port: deadPort }, w.admin.token);
    expect(res.status).toBe(400);
    const [row] = await rowsOf(w.company.id);
    expect(row?.port).toBe(mailPort);
  });

  it('asks for a sender address with a server, by name', async () => {
    const res = await call(w.app, 'EmailSettings/Update', { fromAddress: null }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('fromAddress');
  });
});
