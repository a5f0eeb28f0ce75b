import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the product keeps for a company (a card provider's secret key, a webhook secret), sealed
 * with AES-256-GCM before they reach the database: a copy of the database alone reveals none of them.
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url); the version names the key, so a later
 * key can be added beside this one and old values still open.
 */
export interface Sealer {
  seal(plain: string): string;
  /** The plain text; throws when the value was changed or sealed with another key. */
  open(sealed: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;

export class SealedValueError extends Error {}

/** The AES key from the configured secret: a derived key, so the secret's own text never encrypts. */
function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'cabdesk sealed secrets v1', 32));
}

export function sealer(secret: string): Sealer {
  const key = keyFrom(secret);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new SealedValueError('Not a sealed value of this key version.');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // GCM refuses a changed text or another key alike; neither may pass as a secret.
        throw new SealedValueError('The sealed value was changed or sealed with another key.');
      }
    },
  };
}

/**
 * The sealing secret: `SECRETS_KEY` when set, else a file `secrets-key` in the data folder, made on
 * first use. Lose it and every sealed secret must be entered again.
 */
export function loadOrCreateSecretsKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
