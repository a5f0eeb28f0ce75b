import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { createLogger, type Logger } from '../src/platform/logger';
import { PASSWORD } from './factories';

/**
 * Every test app logs what the product would log in production (level info) into the run's log
 * folder; when the run ends the folder is read for secrets (global-setup.ts). So a token, password or
 * card number written to a log anywhere in the suite fails the run, not only in the tests that look.
 */
export function capturedLogger(logDir: string): Logger {
  const file = path.join(logDir, `${randomBytes(6).toString('hex')}.log`);
  return createLogger('info', pino.destination({ dest: file, sync: true, mkdir: true }));
}

/** What must never be in a log: signed tokens, the tests' and the demo's passwords, test card numbers. */
const SECRETS: { name: string; pattern: RegExp }[] = [
  { name: 'a signed token (JWT)', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { name: "the tests' password", pattern: new RegExp(PASSWORD) },
  { name: "the demo's password", pattern: /cabdesk-demo/ },
  {
    name: 'a card number',
    pattern: /4242424242424242|4000000000000002|4000000000009995|4000002500003155|5555555555554444/,
  },
  { name: 'a bearer header', pattern: /Bearer [\w-]{20,}/ },
];

export interface Leak {
  file: string;
  line: number;
  secret: string;
}

/** Every line of the folder's logs that holds a secret. */
export function leaksIn(logDir: string): Leak[] {
  const leaks: Leak[] = [];
  if (!existsSync(logDir)) return leaks;
  const files = readdirSync(logDir).filter((f) => f.endsWith('.log'));
  for (const file of files) {
    const lines = readFileSync(path.join(logDir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const { name, pattern } of SECRETS) {
        if (pattern.test(text)) leaks.push({ file: path.join(logDir, file), line: i + 1, secret: name });
      }
    });
  }
  return leaks;
}
