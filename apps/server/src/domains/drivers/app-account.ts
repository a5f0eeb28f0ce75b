import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { revokeAllOf } from '../auth/refresh-tokens';
import { driverOf } from './profile';
import { drivers } from './schema';

type Ctx = CallContext<Session>;

/** A 409 that names its field, like a 400 does. */
export const alreadyUsed = (field: string, by: string) =>
  new AppError(409, `${field} is already used ${by}`, [{ field, message: `is already used ${by}` }]);

// No 0/O, 1/l/I: the office reads the password out over the phone.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Three groups of four (about 69 bits), e.g. "k7Qm-xR3p-Hn9w". */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/**
 * Opens the driver-app account of a driver: a users row of kind driver, linked by drivers.userId.
 * E-mails are unique per company ignoring case; the 409 names `field` (appEmail or email).
 */
export async function openAppAccount(
  ctx: Ctx,
  opts: { driverId: number; email: string; password: string; field: string },
): Promise<number> {
  const driver = await driverOf(ctx, opts.driverId);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.session.companyId), sql`lower(${users.email}) = lower(${opts.email})`))
    .limit(1);
  if (taken) throw alreadyUsed(opts.field, 'by another account of this company');
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: ctx.session.companyId,
      kind: 'driver',
      email: opts.email.toLowerCase(),
      fullName: `${driver.firstName} ${driver.lastName}`,
      passwordHash: await hashPassword(opts.password),
      passwordChangedAt: new Date(),
      isActive: driver.isActive,
      createdBy: ctx.session.userId,
    })
    .returning({ id: users.id });
  const userId = user?.id as number;
  await ctx.db
    .update(drivers)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, opts.driverId)));
  return userId;
}

/**
 * Driver/GetDriverPassword: a new random password for the driver app, answered once and kept only as
 * a hash. A driver without an account gets one on the driver's own e-mail. Every session of the
 * account is signed out, so a lost phone stops working at once.
 */
export async function resetDriverPassword(ctx: Ctx, id: number) {
  const driver = await driverOf(ctx, id);
  const password = temporaryPassword();
  let email: string;
  let opened = false;
  if (driver.userId) {
    const [user] = await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, driver.userId)))
      .returning({ email: users.email });
    email = user?.email ?? '';
    await revokeAllOf(ctx, driver.userId);
  } else {
    if (!driver.email) {
      throw fieldError('email', "is needed to open the driver's app account: add the driver's e-mail first");
    }
    email = driver.email.toLowerCase();
    await openAppAccount(ctx, { driverId: id, email, password, field: 'email' });
    opened = true;
  }
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: id,
    action: opened ? 'app_account_opened' : 'password_reset',
    changes: { appEmail: { before: opened ? null : email, after: email } },
  });
  return {
    data: { driverID: id, email, temporaryPassword: password },
    message: opened
      ? `App account opened for ${email}. Give the driver this password; it is shown only once.`
      : `New app password set for ${email}. Give it to the driver; it is shown only once.`,
  };
}
