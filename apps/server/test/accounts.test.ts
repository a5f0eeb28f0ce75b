import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountLinks, users } from '../src/domains/auth/schema';
import { outboxMessages } from '../src/domains/notifications/schema';
import { passengers } from '../src/domains/passengers/schema';
import { call, callRaw } from './client';
import { PASSWORD } from './factories';
import { eventually } from './factories-notifications';
import { linkIn, startMailbox } from './mailbox';
import { world, type World } from './world';

const PUBLIC_URL = 'https://desk.nightowl.test';
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let w: World<'passenger' | 'Dispatcher'>;

beforeAll(async () => {
  mailbox = await startMailbox();
  w = await world({
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Night Owl <desk@nightowl.test>', PUBLIC_URL, SIGNIN_RATE_LIMIT: '4' },
    company: { name: 'Night Owl Cars', phone: '020 7946 0000' },
    roles: ['passenger', 'Dispatcher'],
  });
});

const signInWith = (email: string, password: string) =>
  call(w.app, 'UserLogin/UserSignIn', { email, password, isDriverinWebView: 'False' });

const outboxTo = (recipient: string) =>
  w.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.companyId, w.company.id), eq(outboxMessages.recipient, recipient)));

describe('forgotten password', () => {
  it('answers the same whether or not the e-mail has an account, and mails a branded link only to an account', async () => {
    const known = await call(w.app, 'Account/RequestPasswordReset', {
      companyShortName: w.company.shortName,
      email: w.company.adminEmail,
    });
    const unknown = await call(w.app, 'Account/RequestPasswordReset', {
      companyShortName: w.company.shortName,
      email: 'nobody@nightowl.test',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const neutral = (body: object, email: string) => JSON.stringify(body).replaceAll(email, '<email>');
    expect(neutral(unknown.body, 'nobody@nightowl.test')).toBe(neutral(known.body, w.company.adminEmail));

    const mail = await mailbox.mailTo(w.company.adminEmail, /new password/);
    expect(mail.subject).toBe('Night Owl Cars: choose a new password');
    expect(mail.text).toContain('The link works once, for 60 minutes');
    expect(mail.text).toContain('020 7946 0000');
    const { url } = linkIn(mail);
    expect(url.startsWith(`${PUBLIC_URL}/reset-password?${w.company.shortName}#token=`)).toBe(true);

    // The job that would write a mail for the unknown address has had its turn: nothing was written.
    await eventually(async () => (await outboxTo(w.company.adminEmail))[0]?.status === 'sent');
    expect(await outboxTo('nobody@nightowl.test')).toEqual([]);
  });

  it('sets the new password once with the link and signs out every session', async () => {
    const email = w.as.passenger.email;
    await call(w.app, 'Account/RequestPasswordReset', { companyShortName: w.company.shortName, email });
    const mail = await mailbox.mailTo(email, /new password/);
    const { url, token } = linkIn(mail);
    expect(url).toContain(`?${w.company.shortName}_PassApp#token=`);

    const check = await call(w.app, 'Account/CheckLink', { token, purpose: 'password_reset' });
    expect(check.body.data).toMatchObject({ state: 'valid', companyShortName: w.company.shortName });

    const weak = await call(w.app, 'Account/ResetPassword', {
      token,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.[0]?.field).toBe('newPassword');

    const done = await call(w.app, 'Account/ResetPassword', {
      token,
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/signed out/);

    // The session opened before the reset stops at once, its refresh token too.
    const old = await call(w.app, 'Common/GetDecodedUserID', {}, w.as.passenger.token);
    expect(old.status).toBe(401);
    const refresh = await call(w.app, 'jwt/refresh-token', { refreshToken: w.as.passenger.refreshToken });
    expect(refresh.status).toBe(401);

    expect((await signInWith(email, PASSWORD)).status).toBe(400);
    expect((await signInWith(email, 'a brand new password')).status).toBe(200);

    const again = await call(w.app, 'Account/ResetPassword', {
      token,
      newPassword: 'yet another password',
      confirmPassword: 'yet another password',
    });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/used already/);
    expect((await call(w.app, 'Account/CheckLink', { token, purpose: 'password_reset' })).body.data.state).toBe('used');
    expect((await signInWith(email, 'a brand new password')).status).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const email = w.as.Dispatcher.email;
    await call(w.app, 'Account/RequestPasswordReset', { companyShortName: w.company.shortName, email });
    const { token } = linkIn(await mailbox.mailTo(email, /new password/));
    await w.db
      .update(accountLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountLinks.email, email));
    expect((await call(w.app, 'Account/CheckLink', { token, purpose: 'password_reset' })).body.data.state).toBe(
      'expired',
    );
    const res = await call(w.app, 'Account/ResetPassword', {
      token,
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(res.status).toBe(410);
    expect(res.body.message).toMatch(/expired/);
    expect((await signInWith(email, PASSWORD)).status).toBe(200);
  });

  it('keeps only a hash of the link, and the office never sees the secret', async () => {
    const email = w.company.adminEmail;
    const [link] = await w.db.select().from(accountLinks).where(eq(accountLinks.email, email));
    const { token } = linkIn(await mailbox.mailTo(email, /new password/));
    expect(link?.tokenHash).not.toContain(token);
    const [stored] = await outboxTo(email);
    expect(stored?.body).not.toContain(token);
    const listed = await call(w.app, 'Outbox/GetTableSummary', { event: 'password_reset' }, w.admin.token);
    expect(listed.body.data.length).toBeGreaterThan(0);
    for (const row of listed.body.data) expect(row.body).toContain('#token=(hidden)');
    const probe = await call(w.app, 'Outbox/GetTableSummary', { q: token.slice(0, 8) }, w.admin.token);
    expect(probe.body.data).toEqual([]);
  });

  it('counts every request against the sign-in limit', async () => {
    const input = { companyShortName: w.company.shortName, email: 'flood@nightowl.test' };
    for (let i = 0; i < 4; i++) expect((await call(w.app, 'Account/RequestPasswordReset', input)).status).toBe(200);
    const limited = await call(w.app, 'Account/RequestPasswordReset', input);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Wait a minute/);
  });

  it('names the field of bad input', async () => {
    const bad = await call(w.app, 'Account/RequestPasswordReset', {
      companyShortName: w.company.shortName,
      email: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('email');
    const company = await call(w.app, 'Account/RequestPasswordReset', {
      companyShortName: 'NoSuchCo',
      email: 'a@b.test',
    });
    expect(company.status).toBe(400);
    expect(company.body.errors?.[0]?.field).toBe('companyShortName');
    const token = await call(w.app, 'Account/ResetPassword', {
      token: 'not-a-link-we-ever-sent-anyone',
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(token.status).toBe(400);
    expect(token.body.errors?.[0]?.field).toBe('token');
    const mismatch = await callRaw(w.app, 'Account/ResetPassword', {
      token: 'not-a-link-we-ever-sent-anyone',
      newPassword: 'a brand new password',
      confirmPassword: 'another password',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.[0]?.field).toBe('confirmPassword');
  });
});

describe('passenger sign-up (jwt/register)', () => {
  const signUp = (email: string, extra: Record<string, string> = {}) =>
    call(w.app, 'jwt/register', {
      companyShortName: w.company.shortName,
      firstName: 'Nia',
      surname: 'Okafor',
      email,
      phone: '07700 900123',
      password: 'nia’s long password',
      ...extra,
    });

  it('makes the account only once the e-mail link is opened, once', async () => {
    const res = await signUp('nia@example.test');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/We have sent a link to nia@example.test/);
    expect(await w.db.select().from(users).where(eq(users.email, 'nia@example.test'))).toEqual([]);
    expect((await signInWith('nia@example.test', 'nia’s long password')).status).toBe(400);

    const mail = await mailbox.mailTo('nia@example.test', /confirm/);
    expect(mail.subject).toBe('Night Owl Cars: confirm your e-mail address');
    const { url, token } = linkIn(mail);
    expect(url.startsWith(`${PUBLIC_URL}/confirm-email?${w.company.shortName}_PassApp#token=`)).toBe(true);
    expect((await call(w.app, 'Account/CheckLink', { token, purpose: 'sign_up' })).body.data.state).toBe('valid');

    const confirmed = await call(w.app, 'Account/ConfirmEmail', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ email: 'nia@example.test', companyShortName: w.company.shortName });
    const signedIn = await signInWith('nia@example.test', 'nia’s long password');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ companyID: w.company.id, userData: { role: 'Passenger' } });
    const [person] = await w.db.select().from(passengers).where(eq(passengers.id, signedIn.body.uniqueTypeID));
    expect(person).toMatchObject({ firstName: 'Nia', surname: 'Okafor', phone: '07700 900123' });
    // The password's hash waited on the link only until the account was made.
    const [link] = await w.db.select().from(accountLinks).where(eq(accountLinks.email, 'nia@example.test'));
    expect(link?.payload).toBeNull();

    const again = await call(w.app, 'Account/ConfirmEmail', { token });
    expect(again.status).toBe(410);
  });

  it('answers an address that has an account the same way, and tells its owner by mail', async () => {
    const email = w.as.Dispatcher.email;
    const res = await signUp(email);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `We have sent a link to ${email}. Open it within 24 hours to confirm your address; then you can sign in.`,
    );
    const mail = await mailbox.mailTo(email, /already have an account/);
    expect(mail.text).toContain(`${PUBLIC_URL}/forgot-password?${w.company.shortName}_PassApp`);
    expect(
      await w.db
        .select()
        .from(accountLinks)
        .where(and(eq(accountLinks.email, email), eq(accountLinks.purpose, 'sign_up'))),
    ).toEqual([]);
  });

  it('refuses an expired link and makes nothing', async () => {
    await signUp('late@example.test');
    const { token } = linkIn(await mailbox.mailTo('late@example.test', /confirm/));
    await w.db
      .update(accountLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountLinks.email, 'late@example.test'));
    const res = await call(w.app, 'Account/ConfirmEmail', { token });
    expect(res.status).toBe(410);
    expect(await w.db.select().from(users).where(eq(users.email, 'late@example.test'))).toEqual([]);
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = await w.db.$count(accountLinks);
    const noPhone = await callRaw(w.app, 'jwt/register', {
      companyShortName: w.company.shortName,
      firstName: 'A',
      surname: 'B',
      email: 'ab@example.test',
      password: 'long enough pw',
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors?.[0]?.field).toBe('phone');
    const short = await signUp('ab@example.test', { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.field).toBe('password');
    const company = await signUp('ab@example.test', { companyShortName: 'NoSuchCo' });
    expect(company.status).toBe(400);
    expect(company.body.errors?.[0]?.field).toBe('companyShortName');
    expect(await w.db.$count(accountLinks)).toBe(before);
  });

  it('is refused in words when the company turns it off, and the sign-in page learns it', async () => {
    const refused = await call(w.app, 'Account/UpdateSignUpSetting', { passengerSignUp: false }, w.as.Dispatcher.token);
    expect(refused.status).toBe(403);
    const off = await call(w.app, 'Account/UpdateSignUpSetting', { passengerSignUp: false }, w.admin.token);
    expect(off.status).toBe(200);
    expect((await call(w.app, 'Account/GetSignUpSetting', {}, w.admin.token)).body.data.passengerSignUp).toBe(false);
    const page = await call(w.app, 'Booking/GetCompanyDetails', { companyShortName: w.company.shortName });
    expect(page.body.passengerSignUp).toBe(false);

    const res = await signUp('off@example.test');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Night Owl Cars does not take sign-ups on this page. Ask Night Owl Cars to create your account.',
    );
    expect(await outboxTo('off@example.test')).toEqual([]);

    await call(w.app, 'Account/UpdateSignUpSetting', { passengerSignUp: true }, w.admin.token);
    expect(
      (await call(w.app, 'Booking/GetCompanyDetails', { companyShortName: w.company.shortName })).body.passengerSignUp,
    ).toBe(true);
  });
});
