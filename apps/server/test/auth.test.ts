import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/domains/auth/schema';
import { auditLog } from '../src/domains/audit/schema';
import { createTestApp, type TestApp } from './harness';
import { call, callRaw } from './client';
import { createCompany, createUser, PASSWORD, signIn, type TestCompany } from './factories';
import { deviceTokens } from '../src/domains/driver-app/schema';

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '5' });
  company = await createCompany(t.db, { isVatRegistered: true, vatRateBp: 2000 });
});

const sessionKeys = [
  'token',
  'companyIdentifier',
  'parentEntryUserID',
  'fullName',
  'staffRoleID',
  'userID',
  'companyID',
  'isParent',
  'parentCLientID',
  'uniqueTypeID',
  'userIDDecode',
  'vatPercentage',
  'isCompanyVatRegistered',
  'passwordChangingDate',
  'accessToken',
  'refreshToken',
  'userData',
];

describe('UserLogin/UserSignIn', () => {
  it('answers the session data of the spec', async () => {
    const res = await call(t.app, 'UserLogin/UserSignIn', {
      email: company.adminEmail.toUpperCase(),
      password: PASSWORD,
      isRememberMe: false,
      systemID: '',
      isDriverinWebView: 'False',
    });
    expect(res.status).toBe(200);
    for (const key of sessionKeys) expect(res.body, key).toHaveProperty(key);
    expect(res.body.companyID).toBe(company.id);
    expect(res.body.companyIdentifier).toBe(company.shortName);
    expect(res.body.vatPercentage).toBe(20);
    expect(res.body.isCompanyVatRegistered).toBe(true);
    expect(res.body.token).toBe(res.body.accessToken);
    expect(res.body.userData).toMatchObject({ role: 'Admin', ability: [{ action: 'manage', subject: 'all' }] });
  });

  it('answers 400 with only code and message for a wrong password or an unknown e-mail, alike', async () => {
    const wrong = await call(t.app, 'UserLogin/UserSignIn', {
      email: company.adminEmail,
      password: 'nope',
      isDriverinWebView: 'False',
    });
    const unknown = await call(t.app, 'UserLogin/UserSignIn', {
      email: 'nobody@nowhere.test',
      password: 'nope',
      isDriverinWebView: 'False',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, message: expect.any(String) });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('gives a driver its driver id as uniqueTypeID and a staff user its role', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const session = await signIn(t.app, driver.email);
    expect(session.session.uniqueTypeID).toBe(driver.personId);
    expect(session.session.userData.role).toBe('Driver');
    const dispatcher = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
    const staffSession = await signIn(t.app, dispatcher.email);
    expect(staffSession.session.staffRoleID).toBe(company.roleIds.Dispatcher);
    const ability = staffSession.session.userData.ability;
    expect(ability.map((r) => r.subject)).toContain('Dispatch');
  });

  it('stores the device token of a web view and removes it on logout', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const session = await signIn(t.app, driver.email, PASSWORD, {
      isDriverinWebView: 'True',
      deviceToken: 'device-123',
    });
    let [row] = await t.db.select({ deviceToken: users.deviceToken }).from(users).where(eq(users.id, driver.id));
    expect(row?.deviceToken).toBe('device-123');
    const res = await call(t.app, 'UserLogin/UpdatUserDeviceTokenOnLogout', { userID: driver.id }, session.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    [row] = await t.db.select({ deviceToken: users.deviceToken }).from(users).where(eq(users.id, driver.id));
    expect(row?.deviceToken).toBeNull();
  });

  it('keeps the token of each phone a driver signs in on, and forgets the one signing out', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const tokensOf = async () =>
      (await t.db.select().from(deviceTokens).where(eq(deviceTokens.userId, driver.id))).map((d) => d.token).sort();
    const first = await signIn(t.app, driver.email, PASSWORD, { isDriverinWebView: 'True', deviceToken: 'phone-a' });
    await signIn(t.app, driver.email, PASSWORD, { isDriverinWebView: 'True', deviceToken: 'phone-b' });
    await signIn(t.app, driver.email, PASSWORD, { isDriverinWebView: 'True', deviceToken: 'phone-a' });
    expect(await tokensOf()).toEqual(['phone-a', 'phone-b']);
    const res = await call(
      t.app,
      'UserLogin/UpdatUserDeviceTokenOnLogout',
      { deviceToken: 'phone-a' },
      first.accessToken,
    );
    expect(res.status).toBe(200);
    expect(await tokensOf()).toEqual(['phone-b']);
  });

  it('refuses a switched-off account with 403', async () => {
    const user = await createUser(t.db, company.id, 'staff', {
      staffRoleId: company.roleIds.Dispatcher,
      isActive: false,
    });
    const res = await call(t.app, 'UserLogin/UserSignIn', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
  });

  it('asks for the company page when an e-mail signs in to two companies, and uses systemID', async () => {
    const other = await createCompany(t.db);
    const email = 'shared@example.test';
    await createUser(t.db, company.id, 'passenger', { email });
    await createUser(t.db, other.id, 'passenger', { email });
    const ambiguous = await call(t.app, 'UserLogin/UserSignIn', { email, password: PASSWORD });
    expect(ambiguous.status).toBe(400);
    const chosen = await call(t.app, 'UserLogin/UserSignIn', { email, password: PASSWORD, systemID: other.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.companyID).toBe(other.id);
  });

  it('takes systemID as a hint: credentials that open one account sign in there whatever it says', async () => {
    const elsewhere = await createCompany(t.db);
    for (const systemID of [company.id, 1, 999_999, '']) {
      const res = await call(t.app, 'UserLogin/UserSignIn', {
        email: elsewhere.adminEmail,
        password: PASSWORD,
        systemID,
      });
      expect(res.status, `systemID ${systemID}`).toBe(200);
      expect(res.body.companyID).toBe(elsewhere.id);
    }
    // Two accounts share the e-mail, but the password opens only one of them: that one.
    const email = 'half-shared@example.test';
    await createUser(t.db, elsewhere.id, 'passenger', { email });
    const here = await createUser(t.db, company.id, 'passenger', { email });
    await t.db.update(users).set({ passwordHash: 'another password’s hash' }).where(eq(users.id, here.id));
    const res = await call(t.app, 'UserLogin/UserSignIn', { email, password: PASSWORD, systemID: company.id });
    expect(res.status).toBe(200);
    expect(res.body.companyID).toBe(elsewhere.id);
  });

  it('limits sign-in attempts per address and e-mail with a 429', async () => {
    const email = 'target@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(t.app, 'UserLogin/UserSignIn', { email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
    const limited = await call(t.app, 'UserLogin/UserSignIn', { email, password: 'x' });
    expect(limited.body).toEqual({ code: 429, message: expect.stringMatching(/Too many/) });
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works, the old refresh token is used up', async () => {
    const first = await signIn(t.app, company.adminEmail);
    const res = await call(t.app, 'jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
    expect(res.body.refreshToken).not.toBe(first.refreshToken);
    const list = await call(t.app, 'Users/GetTableSummary', {}, res.body.accessToken);
    expect(list.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const first = await signIn(t.app, company.adminEmail);
    const second = await call(t.app, 'jwt/refresh-token', { refreshToken: first.refreshToken });
    const reuse = await call(t.app, 'jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    const afterTheft = await call(t.app, 'jwt/refresh-token', { refreshToken: second.body.refreshToken });
    expect(afterTheft.status).toBe(401);
  });

  it('lives longer with isRememberMe', async () => {
    const short = await signIn(t.app, company.adminEmail, PASSWORD, { isRememberMe: false });
    const long = await signIn(t.app, company.adminEmail, PASSWORD, { isRememberMe: 'True' });
    const expiry = async (token: string) => {
      const { hashRefreshToken } = await import('../src/platform/auth/tokens');
      const [row] = await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
      return row?.expiresAt.getTime() ?? 0;
    };
    const days = ((await expiry(long.refreshToken)) - (await expiry(short.refreshToken))) / 86_400_000;
    expect(days).toBeGreaterThan(28);
  });

  it('answers 400 for a missing token and 401 for an unknown one', async () => {
    expect((await callRaw(t.app, 'jwt/refresh-token', {})).status).toBe(400);
    expect((await call(t.app, 'jwt/refresh-token', { refreshToken: 'made-up' })).status).toBe(401);
  });

  it('jwt/logout revokes the family', async () => {
    const s = await signIn(t.app, company.adminEmail);
    const out = await call(t.app, 'jwt/logout', { refreshToken: s.refreshToken });
    expect(out.body).toMatchObject({ code: 200, data: { signedOut: true } });
    expect((await call(t.app, 'jwt/refresh-token', { refreshToken: s.refreshToken })).status).toBe(401);
  });
});

describe('ProfileSettings/UpdatePassword', () => {
  it('changes the password, moves passwordChangingDate, signs out other sessions and writes a history row', async () => {
    const user = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts });
    const other = await signIn(t.app, user.email);
    const current = await signIn(t.app, user.email);
    const res = await call(
      t.app,
      'ProfileSettings/UpdatePassword',
      { currentPassword: PASSWORD, newPassword: 'a new long password', confirmPassword: 'a new long password' },
      current.accessToken,
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(new Date(data.passwordChangingDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(t.app, 'jwt/refresh-token', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await call(t.app, 'jwt/refresh-token', { refreshToken: data.refreshToken })).status).toBe(200);
    expect(
      (await call(t.app, 'UserLogin/UserSignIn', { email: user.email, password: 'a new long password' })).status,
    ).toBe(200);
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(history.map((h) => h.action)).toContain('password-changed');
  });

  it('refuses a wrong current password and a mismatched confirmation, changing nothing', async () => {
    const user = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts });
    const s = await signIn(t.app, user.email);
    const wrong = await call(
      t.app,
      'ProfileSettings/UpdatePassword',
      { currentPassword: 'nope', newPassword: 'a new long password', confirmPassword: 'a new long password' },
      s.accessToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'currentPassword', message: 'Current password is not right', rule: 'is not right' },
    ]);
    const mismatch = await call(
      t.app,
      'ProfileSettings/UpdatePassword',
      { currentPassword: PASSWORD, newPassword: 'a new long password', confirmPassword: 'another' },
      s.accessToken,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([
      {
        field: 'confirmPassword',
        message: 'Confirm password must match the new password',
        rule: 'must match the new password',
      },
    ]);
    expect((await call(t.app, 'UserLogin/UserSignIn', { email: user.email, password: PASSWORD })).status).toBe(200);
  });
});
