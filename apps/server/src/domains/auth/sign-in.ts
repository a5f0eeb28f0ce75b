import { eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { verifyNobody, verifyPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import { AppError, badRequest } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { type Account, accountsByEmail, loadAccount, sessionData, sessionOf } from './accounts';
import { issueTokenPair } from './refresh-tokens';
import { users } from './schema';
import { deviceTokens } from '../driver-app/schema';

type SignInInput = z.output<typeof schemas.signInInput>;

export const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';

/**
 * Finds the one account these credentials open, or answers the same 400 whatever was wrong.
 * `systemID` (the company the sign-in page was branded for) is only a hint: it chooses between
 * several accounts the same e-mail and password open, and never keeps a client that sends a fixed
 * value out of the one account its credentials open.
 */
async function authenticate(ctx: CallContext<Session | null>, input: SignInInput): Promise<Account> {
  const candidates = await accountsByEmail(ctx.db, input.email);
  if (candidates.length === 0) {
    await verifyNobody(input.password);
    throw badRequest(WRONG_CREDENTIALS);
  }
  const matching: { id: number; companyId: number }[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, input.password)) matching.push(candidate);
  }
  if (matching.length === 0) throw badRequest(WRONG_CREDENTIALS);
  const chosen = matching.length === 1 ? matching : matching.filter((m) => m.companyId === input.systemID);
  if (chosen.length !== 1) {
    throw badRequest('This e-mail address signs in to several companies: use your company’s sign-in page.');
  }
  const account = await loadAccount(ctx.db, chosen[0]!.id);
  if (!account) throw badRequest(WRONG_CREDENTIALS);
  if (!account.isActive || !account.company.isActive) {
    throw new AppError(403, 'This account is switched off. Ask your operator to switch it back on.');
  }
  return account;
}

/** Issues a token pair for an account and answers the session data. */
export async function openSession(ctx: CallContext<Session | null>, account: Account, options: { remember: boolean }) {
  const session = sessionOf(account);
  const { rules } = await ctx.services.abilities.forSession(session);
  const tokens = await issueTokenPair(ctx, session, { remember: options.remember });
  return sessionData(ctx.db, account, tokens, rules);
}

export async function signIn(ctx: CallContext<Session | null>, input: SignInInput) {
  const throttle = ctx.services.signInThrottle;
  await throttle.check(ctx.request.ip, input.email);
  let account: Account;
  try {
    account = await authenticate(ctx, input);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) await throttle.fail(ctx.request.ip, input.email);
    throw error;
  }
  await throttle.succeed(ctx.request.ip, input.email);
  await ctx.db
    .update(users)
    .set({
      lastSignInAt: new Date(),
      ...(input.deviceToken ? { deviceToken: input.deviceToken } : {}),
    })
    .where(eq(users.id, account.userId));
  // Every phone a user signs in on keeps its push token (a driver may carry two); the latest also
  // stays on the user row, where the spec's clients read it.
  if (input.deviceToken) {
    const device = {
      companyId: account.companyId,
      userId: account.userId,
      token: input.deviceToken,
      platform: input.isDriverinWebView ? 'webview' : 'browser',
    };
    await ctx.db
      .insert(deviceTokens)
      .values(device)
      .onConflictDoUpdate({ target: deviceTokens.token, set: { ...device, createdAt: new Date() } });
  }
  return openSession(ctx, account, { remember: input.isRememberMe });
}
