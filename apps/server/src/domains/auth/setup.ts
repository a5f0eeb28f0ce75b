import { and, eq, isNull, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError } from '../../platform/http/errors';
import { bootstrapCompany } from '../company/bootstrap';
import { companies } from '../company/schema';
import {
  ensureValid,
  hashLinkSecret,
  minutesFromNow,
  newLinkSecret,
  pageLink,
  SETUP_LINK_HOURS,
  stateOf,
} from './account-links';
import { setupLinks, users } from './schema';

type SetupInput = z.output<typeof schemas.setupInput>;

/** Whether any company of the installation has an admin who can sign in. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'admin'), eq(users.isActive, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * At start, while the installation has no admin: a new set-up link (the ones printed at earlier
 * starts stop working), or null when an admin exists.
 */
export async function startupSetupLink(db: Db, config: Pick<Config, 'publicUrl'>): Promise<string | null> {
  if (await hasAdmin(db)) return null;
  return db.transaction(async (tx) => {
    await tx
      .update(setupLinks)
      .set({ usedAt: new Date() })
      .where(and(isNull(setupLinks.companyShortName), isNull(setupLinks.usedAt)));
    const { token, hash } = newLinkSecret();
    await tx.insert(setupLinks).values({ tokenHash: hash, expiresAt: minutesFromNow(SETUP_LINK_HOURS * 60) });
    return pageLink(config, 'setup', null, { secret: token });
  });
}

/**
 * `npm run create-admin`: a set-up link for a company's admin with this e-mail (the company is made
 * when the link is used, if it does not exist yet). Refuses an e-mail that has an account there.
 */
export async function adminSetupLink(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  request: { companyShortName: string; companyName?: string; email: string },
): Promise<string> {
  const [company] = await db
    .select({ id: companies.id, shortName: companies.shortName, name: companies.name })
    .from(companies)
    .where(sql`lower(${companies.shortName}) = lower(${request.companyShortName})`);
  if (company) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), sql`lower(${users.email}) = lower(${request.email})`));
    if (user) {
      throw new Error(
        `${request.email} already has an account with ${company.name}: use “Forgot password?” on its sign-in page.`,
      );
    }
  }
  const shortName = company?.shortName ?? request.companyShortName;
  const { token, hash } = newLinkSecret();
  await db.insert(setupLinks).values({
    tokenHash: hash,
    companyShortName: shortName,
    companyName: company?.name ?? request.companyName ?? shortName,
    email: request.email.toLowerCase(),
    expiresAt: minutesFromNow(SETUP_LINK_HOURS * 60),
  });
  return pageLink(config, 'setup', { shortName }, { secret: token });
}

export async function findSetupLink(db: Db, secret: string) {
  const [row] = await db
    .select()
    .from(setupLinks)
    .where(eq(setupLinks.tokenHash, hashLinkSecret(secret)));
  return row;
}

/** Whether a set-up link still works; one printed at start stops once the installation has an admin. */
export async function setupLinkState(db: Db, link: Awaited<ReturnType<typeof findSetupLink>>) {
  const state = stateOf(link);
  if (state === 'valid' && link && !link.companyShortName && (await hasAdmin(db))) return 'used' as const;
  return state;
}

/** Creates the admin (and the company when the link names none) with the password they chose. */
export async function completeSetup(ctx: CallContext<Session | null>, input: SetupInput) {
  const link = await findSetupLink(ctx.db, input.token);
  ensureValid(await setupLinkState(ctx.db, link), 'set-up');
  if (!link) throw new AppError(410, 'This set-up link no longer works.');
  const shortName = link.companyShortName ?? input.companyShortName;
  const companyName = link.companyName ?? input.companyName;
  const email = link.email ?? input.email;
  if (!shortName) throw fieldError('companyShortName', 'is required');
  if (!companyName) throw fieldError('companyName', 'is required');
  if (!email) throw fieldError('email', 'is required');

  const [claimed] = await ctx.db
    .update(setupLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(setupLinks.id, link.id), isNull(setupLinks.usedAt)))
    .returning({ id: setupLinks.id });
  if (!claimed) throw new AppError(410, 'This set-up link has been used already.');

  const [existing] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.shortName}) = lower(${shortName})`);
  if (existing && !link.companyShortName) throw fieldError('companyShortName', 'is taken by another company');
  let companyId = existing?.id;
  if (!companyId) {
    const [created] = await ctx.db
      .insert(companies)
      .values({ shortName, name: companyName, email })
      .returning({ id: companies.id });
    if (!created) throw new Error('company insert returned no row');
    companyId = created.id;
    await bootstrapCompany(ctx.db, companyId);
  }
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`));
  if (taken) throw fieldError('email', 'has an account with this company already');
  await ctx.db.insert(users).values({
    companyId,
    kind: 'admin',
    email,
    passwordHash: await hashPassword(input.newPassword),
    fullName: input.fullName,
    passwordChangedAt: new Date(),
  });
  return {
    data: { email, companyShortName: shortName, companyID: companyId },
    message: `The admin of ${companyName} is ready: sign in with ${email} and the password you chose.`,
  };
}
