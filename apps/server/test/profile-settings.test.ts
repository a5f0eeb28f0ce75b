import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/domains/auth/schema';
import { staff } from '../src/domains/staff/schema';
import { call, callRaw } from './client';
import { PASSWORD } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Accounts', true>;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64');
const picture = { fileName: 'me.png', mimeType: 'image/png', content: PNG };

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Accounts'], otherCompany: true });
});

describe('ProfileSettings/GetTableSummary', () => {
  it('answers the signed-in user, to any staff role', async () => {
    const res = await call(w.app, 'ProfileSettings/GetTableSummary', {}, w.as.Dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({
      id: w.as.Dispatcher.userId,
      email: w.as.Dispatcher.email,
      userType: 'Staff',
      staffRoleName: 'Dispatcher',
      imageUrl: null,
    });
  });

  it("refuses somebody else's id", async () => {
    const res = await call(w.app, 'ProfileSettings/GetTableSummary', { id: w.admin.userId }, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
    const own = await call(
      w.app,
      'ProfileSettings/GetTableSummary',
      { userID: w.as.Dispatcher.userId },
      w.as.Dispatcher.token,
    );
    expect(own.status).toBe(200);
  });
});

describe('ProfileSettings/GetUsers', () => {
  it("lists the company's staff role types and marks mine", async () => {
    const res = await call(w.app, 'ProfileSettings/GetUsers', { perPage: 0 }, w.as.Accounts.token);
    expect(res.status).toBe(200);
    const names = res.body.data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Accounts', 'Dispatcher']));
    expect(res.body.data.filter((r) => r.isOwn).map((r) => r.name)).toEqual(['Accounts']);
    const theirs = await call(w.app, 'ProfileSettings/GetUsers', { perPage: 0 }, w.other.admin.token);
    expect(theirs.body.data.map((r) => r.id)).not.toContain(res.body.data[0]?.id);
  });
});

describe('ProfileSettings/Update and Create', () => {
  it('renames me, my staff record with me, and stores my picture', async () => {
    const res = await call(
      w.app,
      'ProfileSettings/Update',
      { fullName: 'Ann Marie Byrne', profileImage: picture },
      w.as.Dispatcher.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: 'Ann Marie Byrne', accessToken: null, refreshToken: null });
    expect(res.body.data.imageUrl).toMatch(/^\/files\//);
    const [member] = await w.db.select().from(staff).where(eq(staff.userId, w.as.Dispatcher.userId));
    expect(member).toMatchObject({ firstName: 'Ann Marie', lastName: 'Byrne' });
    const again = await call(w.app, 'ProfileSettings/Create', { fullName: 'Ann Byrne' }, w.as.Dispatcher.token);
    expect(again.body.data.fullName).toBe('Ann Byrne');
  });

  it("refuses to change somebody else's profile", async () => {
    const res = await call(
      w.app,
      'ProfileSettings/Update',
      { id: w.admin.userId, fullName: 'Hijacked' },
      w.as.Dispatcher.token,
    );
    expect(res.status).toBe(403);
    const [admin] = await w.db.select().from(users).where(eq(users.id, w.admin.userId));
    expect(admin?.fullName).not.toBe('Hijacked');
  });

  it('names bad fields and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, 'fullName'],
      [{ profileImage: { ...picture, mimeType: 'text/html' } }, 'profileImage.mimeType'],
      [
        { password: { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' } },
        'password.newPassword',
      ],
    ];
    for (const [input, field] of cases) {
      const res = await callRaw(w.app, 'ProfileSettings/Update', { fullName: 'Never', ...input }, w.as.Accounts.token);
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    const wrong = await callRaw(
      w.app,
      'ProfileSettings/Update',
      {
        fullName: 'Never',
        password: {
          currentPassword: 'not my password',
          newPassword: 'a much longer secret 1',
          confirmPassword: 'a much longer secret 1',
        },
      },
      w.as.Accounts.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('password.currentPassword');
    const [me] = await w.db.select().from(users).where(eq(users.id, w.as.Accounts.userId));
    expect(me?.fullName).not.toBe('Never');
  });

  it('changes the password under the current one and answers a new token pair', async () => {
    const next = 'a much longer secret 1';
    const res = await call(
      w.app,
      'ProfileSettings/Update',
      { password: { currentPassword: PASSWORD, newPassword: next, confirmPassword: next } },
      w.as.Accounts.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    expect(res.body.data.passwordChangingDate).not.toBeNull();
    const signIn = await call(w.app, 'UserLogin/UserSignIn', { email: w.as.Accounts.email, password: next });
    expect(signIn.status).toBe(200);
  });
});
