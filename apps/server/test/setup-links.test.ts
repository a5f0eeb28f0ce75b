import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupLinks, users } from '../src/domains/auth/schema';
import { adminSetupLink, startupSetupLink } from '../src/domains/auth/setup';
import { companies } from '../src/domains/company/schema';
import { call } from './client';
import { createTestApp, type TestApp } from './harness';

const PUBLIC_URL = 'https://desk.example.test';
let t: TestApp;

beforeAll(async () => {
  // An installation without demo data: no company, no admin, no known password.
  t = await createTestApp({ PUBLIC_URL });
});

const tokenOf = (link: string) => {
  const token = /#token=([A-Za-z0-9_-]+)$/.exec(link)?.[1];
  if (!token) throw new Error(`not a set-up link: ${link}`);
  return token;
};

const signIn = (email: string, password: string) =>
  call(t.app, 'UserLogin/UserSignIn', { email, password, isDriverinWebView: 'False' });

describe('set-up links', () => {
  it('creates the first company and its admin once, with the password they chose', async () => {
    expect(await t.db.$count(users)).toBe(0);
    const first = await startupSetupLink(t.db, t.config);
    const link = await startupSetupLink(t.db, t.config);
    expect(link?.startsWith(`${PUBLIC_URL}/setup#token=`)).toBe(true);
    // The link printed at an earlier start stops working.
    expect((await call(t.app, 'Account/CheckLink', { token: tokenOf(first!), purpose: 'setup' })).body.data.state).toBe(
      'used',
    );
    const token = tokenOf(link!);
    const stored = await t.db.select().from(setupLinks);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await call(t.app, 'Account/CheckLink', { token, purpose: 'setup' })).body.data).toMatchObject({
      state: 'valid',
      companyShortName: null,
      email: null,
    });

    const missing = await call(t.app, 'Account/CompleteSetup', {
      token,
      fullName: 'Ada Owner',
      newPassword: 'the owner’s own password',
      confirmPassword: 'the owner’s own password',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('companyShortName');
    expect(await t.db.$count(companies)).toBe(0);

    const done = await call(t.app, 'Account/CompleteSetup', {
      token,
      companyShortName: 'ADA',
      companyName: 'Ada Cars',
      email: 'ada@adacars.test',
      fullName: 'Ada Owner',
      newPassword: 'the owner’s own password',
      confirmPassword: 'the owner’s own password',
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ email: 'ada@adacars.test', companyShortName: 'ADA' });
    const session = await signIn('ada@adacars.test', 'the owner’s own password');
    expect(session.status).toBe(200);
    expect(session.body.userData).toMatchObject({ role: 'Admin', company: { name: 'Ada Cars' } });

    const again = await call(t.app, 'Account/CompleteSetup', {
      token,
      companyShortName: 'ADB',
      companyName: 'Another',
      email: 'eve@example.test',
      fullName: 'Eve',
      newPassword: 'eve’s own password',
      confirmPassword: 'eve’s own password',
    });
    expect(again.status).toBe(410);
    // Once an admin exists no link is printed at start.
    expect(await startupSetupLink(t.db, t.config)).toBeNull();
  });

  it('create-admin names the company and the e-mail; the page asks only a name and a password', async () => {
    const link = await adminSetupLink(t.db, t.config, { companyShortName: 'ada', email: 'Second@AdaCars.test' });
    expect(link.startsWith(`${PUBLIC_URL}/setup?ADA#token=`)).toBe(true);
    const token = tokenOf(link);
    expect((await call(t.app, 'Account/CheckLink', { token, purpose: 'setup' })).body.data).toMatchObject({
      state: 'valid',
      companyShortName: 'ADA',
      companyName: 'Ada Cars',
      email: 'second@adacars.test',
    });
    const weak = await call(t.app, 'Account/CompleteSetup', {
      token,
      fullName: 'Sam Second',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.[0]?.field).toBe('newPassword');
    const done = await call(t.app, 'Account/CompleteSetup', {
      token,
      // A link that names its company and e-mail ignores what the form says.
      companyShortName: 'OTHER',
      email: 'someone@else.test',
      fullName: 'Sam Second',
      newPassword: 'sam’s own password',
      confirmPassword: 'sam’s own password',
    });
    expect(done.status).toBe(200);
    expect((await signIn('second@adacars.test', 'sam’s own password')).body.userData?.role).toBe('Admin');
    await expect(
      adminSetupLink(t.db, t.config, { companyShortName: 'ADA', email: 'second@adacars.test' }),
    ).rejects.toThrow(/already has an account/);
  });

  it('a link printed at start stops once another way made an admin', async () => {
    const fresh = await createTestApp({ PUBLIC_URL });
    const link = await startupSetupLink(fresh.db, fresh.config);
    const bound = await adminSetupLink(fresh.db, fresh.config, {
      companyShortName: 'BEE',
      companyName: 'Bee Taxis',
      email: 'bee@bee.test',
    });
    const made = await call(fresh.app, 'Account/CompleteSetup', {
      token: tokenOf(bound),
      fullName: 'Bea',
      newPassword: 'bea’s own password',
      confirmPassword: 'bea’s own password',
    });
    expect(made.status).toBe(200);
    const [company] = await fresh.db.select().from(companies).where(eq(companies.shortName, 'BEE'));
    expect(company?.name).toBe('Bee Taxis');
    const late = await call(fresh.app, 'Account/CompleteSetup', {
      token: tokenOf(link!),
      companyShortName: 'LATE',
      companyName: 'Late Cars',
      email: 'late@late.test',
      fullName: 'Late',
      newPassword: 'late’s own password',
      confirmPassword: 'late’s own password',
    });
    expect(late.status).toBe(410);
  });
});
