import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { readPaymentSettings } from '../src/domains/payments/settings';
import { paymentSettings } from '../src/domains/payments/settings-schema';
import { sealer } from '../src/platform/secrets/sealed';
import { call, callRaw } from './client';
import { world, type Person, type World } from './world';

/** A stand-in of Stripe's API: the balance answers for the good key, 401 for any other. */
const GOOD_KEY = 'sk_test_51GoodKeyAbCdEf4242';
const REFUSED_KEY = 'sk_test_51RefusedKeyZz9999';
const PUBLISHABLE = 'pk_test_51PublicKeyXyZ1111';
const WEBHOOK_SECRET = 'whsec_StandInSecretQq77';
const seenKeys: string[] = [];
let stripe: Server;

let w: World<'Dispatcher' | 'Accounts' | 'passenger', true>;
let stripeUrl: string;

beforeAll(async () => {
  stripe = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    seenKeys.push(key);
    req.resume();
    req.on('end', () => {
      const ok = req.url === '/v1/balance' && key === GOOD_KEY;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(
        JSON.stringify(
          ok
            ? { object: 'balance', available: [{ amount: 0, currency: 'gbp' }], livemode: false, pending: [] }
            : { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
  w = await world({
    roles: ['Dispatcher', 'Accounts', 'passenger'],
    otherCompany: true,
    env: { STRIPE_API_URL: stripeUrl, PUBLIC_URL: 'https://desk.example.com' },
  });
});
afterAll(() => new Promise<void>((resolve) => stripe.close(() => resolve())));

const stripeSettings = {
  provider: 'stripe',
  mode: 'test',
  publishableKey: PUBLISHABLE,
  secretKey: GOOD_KEY,
  webhookSecret: WEBHOOK_SECRET,
} as const;

/** A web booker visitor of the company (the public booking page's session). */
async function visitor(): Promise<string> {
  const res = await call(w.app, 'Booking/GetWebBookerUserID', { companyID: w.company.id });
  return res.body.data!.token;
}

describe('before anything is saved', () => {
  it('answers the offline provider in test mode, the company currency and the webhook address', async () => {
    const res = await call(w.app, 'Configuration/GetConfigurationData', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: 0,
      provider: 'offline',
      mode: 'test',
      publishableKey: null,
      hasSecretKey: false,
      secretKeyHint: null,
      hasWebhookSecret: false,
      webhookSecretHint: null,
      currency: 'GBP',
      currencyFollowsCompany: true,
      statementDescriptor: null,
      webhookUrl: `https://desk.example.com/webhooks/payments/${w.company.id}`,
      updatedAt: null,
    });
    const list = await call(w.app, 'Configuration/GetTableSummary', {}, w.admin.token);
    expect(list.body).toEqual({ data: [], allData: [], total: 0, count: 0 });
    const settings = await readPaymentSettings(w.db, w.company.id, w.services.secrets.open);
    expect(settings).toEqual({
      provider: 'offline',
      mode: 'test',
      publishableKey: null,
      secretKey: null,
      webhookSecret: null,
      currency: 'GBP',
    });
  });

  it('tests the offline provider at once', async () => {
    const res = await call(w.app, 'PaymentTransaction/StripeTest', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ok: true, provider: 'offline', mode: 'test' });
  });
});

describe('Configuration/Create', () => {
  it('refuses Stripe without its keys, naming each', async () => {
    const res = await callRaw(w.app, 'Configuration/Create', { provider: 'stripe' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['publishableKey', 'secretKey']);
    expect(res.body.message).toContain('Publishable key is required for Stripe');
    expect(await w.db.select().from(paymentSettings)).toEqual([]);
  });

  it('refuses keys of the wrong form and keys of the other mode', async () => {
    for (const [body, field, words] of [
      [{ ...stripeSettings, publishableKey: 'sk_test_oops' }, 'publishableKey', 'Publishable key must start with'],
      [{ ...stripeSettings, secretKey: 'pk_test_oops' }, 'secretKey', 'Secret key must start with'],
      [{ ...stripeSettings, mode: 'live' }, 'publishableKey', 'Publishable key is a test key but the mode is live'],
      [
        { ...stripeSettings, secretKey: 'sk_live_abc1234' },
        'secretKey',
        'Secret key is a live key but the mode is test',
      ],
      [{ provider: 'offline', mode: 'live' }, 'mode', 'Mode must be test: the offline provider'],
      [{ provider: 'paypal' }, 'provider', 'Provider must be offline or stripe'],
      [{ currency: 'XYZ' }, 'currency', 'Currency must be one of'],
      [{ statementDescriptor: 'ab' }, 'statementDescriptor', 'Statement descriptor must be at least 5'],
      [{ webhookSecret: 'has space in it' }, 'webhookSecret', 'Webhook secret must be'],
    ] as const) {
      const res = await callRaw(w.app, 'Configuration/Create', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
      expect(res.body.errors?.[0]?.message).toContain(words);
    }
  });

  it('saves Stripe, sealing the secrets, and writes history without them', async () => {
    const res = await call(
      w.app,
      'Configuration/Create',
      { ...stripeSettings, currency: 'EUR', statementDescriptor: 'TEST CABS' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      publishableKey: PUBLISHABLE,
      hasSecretKey: true,
      secretKeyHint: 'sk_test_…4242',
      hasWebhookSecret: true,
      webhookSecretHint: 'whsec_…Qq77',
      currency: 'EUR',
      currencyFollowsCompany: false,
      statementDescriptor: 'TEST CABS',
    });
    const [row] = await w.db.select().from(paymentSettings).where(eq(paymentSettings.companyId, w.company.id));
    expect(row?.secretKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(GOOD_KEY);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET);
    expect(await readPaymentSettings(w.db, w.company.id, w.services.secrets.open)).toEqual({
      provider: 'stripe',
      mode: 'test',
      publishableKey: PUBLISHABLE,
      secretKey: GOOD_KEY,
      webhookSecret: WEBHOOK_SECRET,
      currency: 'EUR',
    });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_settings'), eq(auditLog.companyId, w.company.id)));
    expect(history).toHaveLength(1);
    expect(history[0]?.changes).toMatchObject({ secretKey: { after: 'secret key changed' } });
    expect(JSON.stringify(history)).not.toContain(GOOD_KEY);
    expect(JSON.stringify(history)).not.toContain(WEBHOOK_SECRET);
  });

  it('answers 409 once a configuration exists', async () => {
    const res = await callRaw(w.app, 'Configuration/Create', { provider: 'offline' }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Configuration/Update');
  });
});

describe('Configuration/Update', () => {
  it('keeps the secrets when they are left out or empty, and says a changed key in history', async () => {
    const res = await call(w.app, 'Configuration/Update', { secretKey: '', currency: null }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ hasSecretKey: true, secretKeyHint: 'sk_test_…4242', currency: 'GBP' });
    expect(res.body.data?.currencyFollowsCompany).toBe(true);

    const changed = await call(w.app, 'Configuration/Update', { secretKey: 'rk_test_51Restricted0007' }, w.admin.token);
    expect(changed.body.data?.secretKeyHint).toBe('rk_test_…0007');
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_settings'), eq(auditLog.companyId, w.company.id)));
    expect(history.at(-1)?.changes).toEqual({ secretKey: { before: null, after: 'secret key changed' } });
    await call(w.app, 'Configuration/Update', { secretKey: GOOD_KEY }, w.admin.token);
  });

  it('names the mode when a saved key no longer matches it', async () => {
    const res = await callRaw(w.app, 'Configuration/Update', { mode: 'live' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['mode', 'mode']);
    expect(res.body.errors?.[1]?.message).toBe(
      'Mode is live but the saved secret key is a test key: enter a sk_live_ key too',
    );
    const read = await call(w.app, 'Configuration/GetConfigurationData', {}, w.admin.token);
    expect(read.body.data?.mode).toBe('test');
  });

  it('removes a secret when asked, and then Stripe needs one again', async () => {
    const refused = await callRaw(w.app, 'Configuration/Update', { clearSecretKey: true }, w.admin.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('secretKey');
    const cleared = await call(w.app, 'Configuration/Update', { clearWebhookSecret: 'true' }, w.admin.token);
    expect(cleared.body.data).toMatchObject({ hasWebhookSecret: false, webhookSecretHint: null, hasSecretKey: true });
    await call(w.app, 'Configuration/Update', { webhookSecret: WEBHOOK_SECRET }, w.admin.token);
  });
});

describe('reading the configuration', () => {
  it('lists the one row with the same fields', async () => {
    const data = await call(w.app, 'Configuration/GetConfigurationData', {}, w.admin.token);
    const list = await call(w.app, 'Configuration/GetTableSummary', {}, w.admin.token);
    expect(list.body).toMatchObject({ total: 1, count: 1 });
    expect(list.body.data).toEqual([data.body.data]);
    expect(data.body.data?.id).toBeGreaterThan(0);
  });

  it('gives the publishable key to every signed-in session of the company, and nothing more', async () => {
    const sessions = [w.admin.token, w.as.Dispatcher.token, w.as.passenger.token, await visitor()];
    for (const token of sessions) {
      const res = await call(w.app, 'Configuration/GetStripeKeyLive', {}, token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ publishableKey: PUBLISHABLE, provider: 'stripe', mode: 'test' });
    }
    expect((await callRaw(w.app, 'Configuration/GetStripeKeyLive', {})).status).toBe(401);
  });

  it('says whether payments are live', async () => {
    const res = await call(w.app, 'PaymentTransaction/GetStripeLiveStatus', {}, w.as.Accounts.token);
    expect(res.body.data).toEqual({ mode: 'test', isLive: false, provider: 'stripe' });
  });

  it('shows another company only its own configuration', async () => {
    const other = w.other.admin.token;
    expect((await call(w.app, 'Configuration/GetConfigurationData', {}, other)).body.data).toMatchObject({
      id: 0,
      provider: 'offline',
      hasSecretKey: false,
    });
    expect((await call(w.app, 'Configuration/GetTableSummary', {}, other)).body.count).toBe(0);
    expect((await call(w.app, 'Configuration/GetStripeKeyLive', {}, other)).body.data?.publishableKey).toBeNull();
    expect((await call(w.app, 'PaymentTransaction/GetStripeLiveStatus', {}, other)).body.data?.provider).toBe(
      'offline',
    );
    // Its own Create is not refused by this company's row.
    expect((await call(w.app, 'Configuration/Create', { provider: 'offline' }, other)).status).toBe(200);
  });

  it('refuses a role without the settings permission', async () => {
    const dispatcher: Person = w.as.Dispatcher;
    for (const name of [
      'Configuration/GetConfigurationData',
      'Configuration/GetTableSummary',
      'Configuration/Create',
      'Configuration/Update',
      'PaymentTransaction/StripeTest',
      'PaymentTransaction/GetStripeLiveStatus',
    ] as const) {
      expect((await callRaw(w.app, name, {}, dispatcher.token)).status, name).toBe(403);
    }
    // Accounts reads payments but may not change the settings.
    expect((await callRaw(w.app, 'Configuration/Update', {}, w.as.Accounts.token)).status).toBe(403);
    expect((await callRaw(w.app, 'Configuration/GetConfigurationData', {}, w.as.passenger.token)).status).toBe(403);
  });
});

describe('PaymentTransaction/StripeTest against a stand-in of Stripe', () => {
  it('answers ok for a key Stripe accepts, signing in with the saved key', async () => {
    const res = await call(w.app, 'PaymentTransaction/StripeTest', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ok: true,
      provider: 'stripe',
      mode: 'test',
      message: 'Stripe accepted the secret key (test mode).',
    });
    expect(seenKeys.at(-1)).toBe(GOOD_KEY);
  });

  it("answers ok: false with Stripe's words for a refused key", async () => {
    await call(w.app, 'Configuration/Update', { secretKey: REFUSED_KEY }, w.admin.token);
    const res = await call(w.app, 'PaymentTransaction/StripeTest', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data?.ok).toBe(false);
    expect(res.body.data?.message).toContain('Invalid API Key provided');
    expect(seenKeys.at(-1)).toBe(REFUSED_KEY);
    await call(w.app, 'Configuration/Update', { secretKey: GOOD_KEY }, w.admin.token);
  });
});

describe('no call answers a secret', () => {
  it('leaves the secret key and webhook secret out of every answer', async () => {
    const answers: unknown[] = [];
    const visit = await visitor();
    for (const token of [w.admin.token, w.as.Accounts.token, w.as.passenger.token, visit]) {
      for (const name of [
        'Configuration/GetConfigurationData',
        'Configuration/GetTableSummary',
        'Configuration/GetStripeKeyLive',
        'PaymentTransaction/GetStripeLiveStatus',
        'PaymentTransaction/StripeTest',
      ] as const) {
        answers.push((await callRaw(w.app, name, {}, token)).body);
      }
    }
    answers.push((await callRaw(w.app, 'Configuration/Create', stripeSettings, w.admin.token)).body);
    answers.push((await callRaw(w.app, 'Configuration/Update', stripeSettings, w.admin.token)).body);
    answers.push(
      (await callRaw(w.app, 'Configuration/Update', { ...stripeSettings, mode: 'live' }, w.admin.token)).body,
    );
    const text = JSON.stringify(answers);
    expect(text).toContain(PUBLISHABLE);
    for (const secret of [GOOD_KEY, WEBHOOK_SECRET, GOOD_KEY.slice(8, -4), WEBHOOK_SECRET.slice(6, -4)]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("a secret this server's key cannot open", () => {
  it('shows no hint, tests as not working and asks for the key again, without a 500', async () => {
    const foreign = sealer('another-servers-key-of-32-characters!').seal(GOOD_KEY);
    const [before] = await w.db.select().from(paymentSettings).where(eq(paymentSettings.companyId, w.company.id));
    await w.db
      .update(paymentSettings)
      .set({ secretKeySealed: foreign })
      .where(eq(paymentSettings.companyId, w.company.id));

    const read = await call(w.app, 'Configuration/GetConfigurationData', {}, w.admin.token);
    expect(read.body.data).toMatchObject({ hasSecretKey: true, secretKeyHint: null });
    const test = await call(w.app, 'PaymentTransaction/StripeTest', {}, w.admin.token);
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ ok: false, provider: 'stripe' });
    expect(test.body.data?.message).toContain('enter it again');
    const update = await callRaw(w.app, 'Configuration/Update', { statementDescriptor: 'NEW TEXT' }, w.admin.token);
    expect(update.status).toBe(400);
    expect(update.body.errors?.[0]?.field).toBe('secretKey');

    const fixed = await call(w.app, 'Configuration/Update', { secretKey: GOOD_KEY }, w.admin.token);
    expect(fixed.body.data?.secretKeyHint).toBe('sk_test_…4242');
    expect(before?.secretKeySealed).not.toBe(foreign);
  });
});
