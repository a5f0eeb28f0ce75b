import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, 2 passes): the OWASP baseline.
const Algorithm = { Argon2id: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the same time as a real check, so a wrong e-mail answers as slowly as a wrong password. */
export async function verifyNobody(password: string): Promise<false> {
  dummy ??= hashPassword('not a password anyone has');
  await verifyPassword(await dummy, password);
  return false;
}
