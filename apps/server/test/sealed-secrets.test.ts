import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecretsKey, SealedValueError, sealer } from '../src/platform/secrets/sealed';

const key = 'k'.repeat(40);

describe('sealed secrets', () => {
  it('opens what it sealed, with a fresh IV each time and the key version first', () => {
    const s = sealer(key);
    const a = s.seal('sk_test_4242');
    const b = s.seal('sk_test_4242');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('sk_test');
    expect(s.open(a)).toBe('sk_test_4242');
    expect(s.open(s.seal(''))).toBe('');
    expect(s.open(s.seal('ünïcode ✓'))).toBe('ünïcode ✓');
  });

  it('refuses a changed text', () => {
    const s = sealer(key);
    const [v, iv, tag, body] = s.seal('whsec_abc').split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => s.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(SealedValueError);
    expect(() => s.open([v, iv, tag.slice(2), body].join('.'))).toThrow(SealedValueError);
    expect(() => s.open(['v9', iv, tag, body].join('.'))).toThrow(SealedValueError);
    expect(() => s.open('plain text')).toThrow(SealedValueError);
  });

  it('refuses a value sealed with another key', () => {
    const sealed = sealer(key).seal('sk_live_1234');
    expect(() => sealer('x'.repeat(40)).open(sealed)).toThrow(SealedValueError);
  });

  it('keeps its key in the data folder when none is configured', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-secrets-'));
    try {
      const first = loadOrCreateSecretsKey(dir, undefined);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadOrCreateSecretsKey(dir, undefined)).toBe(first);
      expect(readFileSync(path.join(dir, 'secrets-key'), 'utf8').trim()).toBe(first);
      expect(statSync(path.join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSecretsKey(dir, key)).toBe(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
