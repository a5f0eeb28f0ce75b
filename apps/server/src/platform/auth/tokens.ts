import { createHash, randomBytes, createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionKind } from '@cabdesk/contract';
import { unauthorized } from '../http/errors';
import type { SessionRevocations } from './revocations';

/** Who a request acts for, read from the access token; the company never comes from the body. */
export interface Session {
  userId: number;
  companyId: number;
  kind: SessionKind;
  staffRoleId: number;
  /** Driver, passenger, staff or client id behind the account; 0 for admins. */
  personId: number;
  /** The sign-in session (refresh-token family) the token belongs to; revoking it stops the token. */
  familyId?: string;
}

interface Claims {
  cid: number;
  knd: SessionKind;
  rid: number;
  pid: number;
  fam?: string;
}

const SIGNED_OUT = 'This session was signed out. Sign in again.';

const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, with their expiry: a client sends the same token
   * for minutes, and an HMAC check per call is the dearest part of a cheap call.
   */
  private readonly verified = new Map<string, { session: Session; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly revocations?: SessionRevocations,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** An access token; `ttlSeconds` for a token that lives otherwise (a web-booker visit). */
  async issueAccess(session: Session, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    const claims: Claims = {
      cid: session.companyId,
      knd: session.kind,
      rid: session.staffRoleId,
      pid: session.personId,
      ...(session.familyId ? { fam: session.familyId } : {}),
    };
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(session.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<Session> {
    const session = await this.verifySignature(token);
    if (this.revocations?.isRevoked(session.familyId)) throw unauthorized(SIGNED_OUT);
    return session;
  }

  private async verifySignature(token: string): Promise<Session> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.session;
      this.verified.delete(token);
      throw unauthorized('Your session has expired. Sign in again.');
    }
    try {
      const { payload } = await jwtVerify<Claims>(token, this.key, { algorithms: ['HS256'] });
      const session: Session = {
        userId: Number(payload.sub),
        companyId: payload.cid,
        kind: payload.knd,
        staffRoleId: payload.rid,
        personId: payload.pid,
        ...(payload.fam ? { familyId: payload.fam } : {}),
      };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { session, expiresAt: (payload.exp ?? 0) * 1000 });
      return session;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Your session has expired. Sign in again.');
      throw unauthorized('The access token is not valid. Sign in again.');
    }
  }
}

/** A refresh token is 256 random bits; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token a rotation with an idempotency key gives: derived from the used token (256 secret bits)
 * and the key, so a client that lost the answer and asks again with the same pair is given the same
 * token, though only its hash is stored.
 */
export function rotatedRefreshToken(used: string, idempotencyKey: string): { token: string; hash: string } {
  const token = createHmac('sha256', used).update(`rotation\n${idempotencyKey}`).digest('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The signing secret: configured, or generated once and kept in the data folder across restarts. */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
