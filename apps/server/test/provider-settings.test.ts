import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOutboxMessage } from '../src/domains/notifications/delivery';
import { outboxMessages } from '../src/domains/notifications/schema';
import { providerSettings } from '../src/domains/provider-settings/schema';
import { call, callRaw } from './client';
import { world, type World } from './world';

/** One loopback service for both: an SMS gateway (POST /sms) and a Nominatim search (GET /geo/search). */
let service: Server;
let base: string;
const texts: { authorization: string | undefined; body: { from: string; to: string; body: string } }[] = [];
const searched: string[] = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

function startService(): Promise<void> {
  service = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (url.pathname === '/sms') {
      void readBody(req).then((text) => {
        texts.push({
          authorization: req.headers.authorization,
          body: JSON.parse(text) as (typeof texts)[number]['body'],
        });
        res.statusCode = 202;
        res.end();
      });
      return;
    }
    searched.push(url.searchParams.get('q') ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify([
        {
          lat: '52.2053',
          lon: '0.1218',
          name: 'Acacia Avenue',
          display_name: '4 Acacia Avenue, Cambridge, CB1 2AB',
          address: { postcode: 'CB1 2AB', city: 'Cambridge' },
        },
      ]),
    );
  });
  return new Promise((done) =>
    service.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      done();
    }),
  );
}

let w: World<'Dispatcher', true>;

beforeAll(async () => {
  await startService();
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
});
afterAll(() => new Promise<void>((done) => service.close(() => done())));

const rowsOf = (companyId: number) =>
  w.db.select().from(providerSettings).where(eq(providerSettings.companyId, companyId));

describe('ProviderSettings/GetTableSummary', () => {
  it('lists every kind with the offline defaults of the environment while the company chose nothing', async () => {
    const res = await call(w.app, 'ProviderSettings/GetTableSummary', { perPage: 0 }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(6);
    expect(res.body.data.map((r) => [r.kind, r.provider, r.source])).toEqual([
      ['sms', 'outbox', 'environment'],
      ['mapTiles', 'none', 'environment'],
      ['routing', 'estimate', 'environment'],
      ['flights', 'offline', 'environment'],
      ['postcode', 'offline', 'environment'],
      ['geocoding', 'none', 'environment'],
    ]);
    expect(res.body.data.find((r) => r.kind === 'geocoding')?.choices).toEqual(['none', 'nominatim', 'photon']);
  });

  it('is refused to a role without the Settings permission', async () => {
    const res = await call(w.app, 'ProviderSettings/GetTableSummary', {}, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
    const change = await call(
      w.app,
      'ProviderSettings/Update',
      { kind: 'sms', provider: 'outbox' },
      w.as.Dispatcher.token,
    );
    expect(change.status).toBe(403);
    expect(await rowsOf(w.company.id)).toEqual([]);
  });
});

describe('ProviderSettings/Create and Update', () => {
  it('saves an SMS gateway with its token sealed, answering only a hint of it', async () => {
    const res = await call(
      w.app,
      'ProviderSettings/Create',
      { kind: 'sms', provider: 'http', url: `${base}/sms`, label: 'NightOwl', secret: 'gateway-token-9876' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'sms',
      provider: 'http',
      source: 'company',
      label: 'NightOwl',
      hasSecret: true,
      secretHint: '…9876',
    });
    expect(JSON.stringify(res.body)).not.toContain('gateway-token');
    const [row] = await rowsOf(w.company.id);
    expect(row?.secretSealed).toBeTruthy();
    expect(row?.secretSealed).not.toContain('gateway-token');
    const read = await call(w.app, 'ProviderSettings/GetProvider', { kind: 'sms' }, w.admin.token);
    expect(read.body.data).toMatchObject({ provider: 'http', hasSecret: true });
    expect(JSON.stringify(read.body)).not.toContain('gateway-token');
    const list = await call(w.app, 'ProviderSettings/GetTableSummary', {}, w.admin.token);
    expect(JSON.stringify(list.body)).not.toContain('gateway-token');
  });

  it('answers 409 to a second Create of the same kind and keeps the first', async () => {
    const res = await call(w.app, 'ProviderSettings/Create', { kind: 'sms', provider: 'outbox' }, w.admin.token);
    expect(res.status).toBe(409);
    const [row] = await rowsOf(w.company.id);
    expect(row?.provider).toBe('http');
  });

  it('sends the company’s next text message through the gateway it chose, with its token', async () => {
    const [message] = await w.db
      .insert(outboxMessages)
      .values({
        companyId: w.company.id,
        channel: 'sms',
        recipient: '+447700900123',
        body: 'Your car is outside.',
        event: 'arrival',
      })
      .returning();
    await deliverOutboxMessage(w.services, message!.id);
    const [after] = await w.db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id));
    expect(after?.status).toBe('sent');
    expect(texts.at(-1)).toEqual({
      authorization: 'Bearer gateway-token-9876',
      body: { from: 'NightOwl', to: '+447700900123', body: 'Your car is outside.' },
    });
  });

  it("keeps another company's texts on the environment's default (held in the outbox)", async () => {
    const sentBefore = texts.length;
    const [message] = await w.db
      .insert(outboxMessages)
      .values({
        companyId: w.other.company.id,
        channel: 'sms',
        recipient: '+447700900555',
        body: 'Hello',
        event: 'arrival',
      })
      .returning();
    await deliverOutboxMessage(w.services, message!.id);
    const [after] = await w.db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id));
    expect(after?.status).toBe('held');
    expect(texts.length).toBe(sentBefore);
    const theirs = await call(w.app, 'ProviderSettings/GetProvider', { kind: 'sms' }, w.other.admin.token);
    expect(theirs.body.data).toMatchObject({ provider: 'outbox', source: 'environment', id: 0 });
  });

  it('asks the address service the company chose, and only for that company', async () => {
    const saved = await call(
      w.app,
      'ProviderSettings/Update',
      { kind: 'geocoding', provider: 'nominatim', url: `${base}/geo` },
      w.admin.token,
    );
    expect(saved.status).toBe(200);
    const found = await call(w.app, 'Booking/GetAddressPlaces', { text: '4 Acacia Avenue' }, w.admin.token);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([expect.objectContaining({ source: 'provider', postcode: 'CB1 2AB' })]);
    const askedBefore = searched.length;
    const theirs = await call(w.app, 'Booking/GetAddressPlaces', { text: '4 Acacia Avenue' }, w.other.admin.token);
    expect(theirs.body.data.some((p) => p.source === 'provider')).toBe(false);
    expect(searched.length).toBe(askedBefore);
  });

  it('gives signed-in screens the map tiles the company chose', async () => {
    const before = await call(w.app, 'Common/GetMapSettings', {}, w.admin.token);
    expect(before.body.data.tileUrl).toBeNull();
    await call(
      w.app,
      'ProviderSettings/Update',
      { kind: 'mapTiles', provider: 'tiles', url: 'https://tiles.example/{z}/{x}/{y}.png', label: '© Example' },
      w.admin.token,
    );
    const after = await call(w.app, 'Common/GetMapSettings', {}, w.admin.token);
    expect(after.body.data).toEqual({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' });
    const theirs = await call(w.app, 'Common/GetMapSettings', {}, w.other.admin.token);
    expect(theirs.body.data.tileUrl).toBeNull();
  });

  it('changes only the fields sent: the saved token stays, clearSecret removes it', async () => {
    const kept = await call(w.app, 'ProviderSettings/Update', { kind: 'sms', label: 'Owls' }, w.admin.token);
    expect(kept.body.data).toMatchObject({ provider: 'http', label: 'Owls', hasSecret: true, secretHint: '…9876' });
    const cleared = await call(w.app, 'ProviderSettings/Update', { kind: 'sms', clearSecret: true }, w.admin.token);
    expect(cleared.body.data).toMatchObject({ hasSecret: false, secretHint: null });
  });

  it('returns a kind to the environment default with useDefault', async () => {
    const res = await call(w.app, 'ProviderSettings/Update', { kind: 'geocoding', useDefault: true }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'environment', provider: 'none' });
    const rows = await w.db
      .select()
      .from(providerSettings)
      .where(and(eq(providerSettings.companyId, w.company.id), eq(providerSettings.kind, 'geocoding')));
    expect(rows).toEqual([]);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an unknown kind', { kind: 'carrierPigeon', provider: 'http' }, 'kind'],
    ['a provider of another kind', { kind: 'routing', provider: 'nominatim', url: 'https://x.example' }, 'provider'],
    ['an unknown provider', { kind: 'flights', provider: 'teletext' }, 'provider'],
    ['a remote provider without its address', { kind: 'routing', provider: 'osrm' }, 'url'],
    ['an address that is not http(s)', { kind: 'postcode', provider: 'http', url: 'ftp://codes.example' }, 'url'],
    ['tiles without {z}/{x}/{y}', { kind: 'mapTiles', provider: 'tiles', url: 'https://tiles.example/a.png' }, 'url'],
    [
      'a secret for a kind that takes none',
      { kind: 'routing', provider: 'osrm', url: 'https://osrm.example', secret: 'abc' },
      'secret',
    ],
  ];
  it.each(cases)('answers 400 naming the field for %s, and saves nothing', async (_what, body, field) => {
    const before = await rowsOf(w.other.company.id);
    const res = await callRaw(w.app, 'ProviderSettings/Create', body, w.other.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain(field);
    expect(await rowsOf(w.other.company.id)).toEqual(before);
  });

  it('answers 400 naming kind when GetProvider is asked for an unknown kind', async () => {
    const res = await callRaw(w.app, 'ProviderSettings/GetProvider', { kind: 'payments' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('kind');
  });
});
