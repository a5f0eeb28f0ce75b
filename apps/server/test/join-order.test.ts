import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/client';
import { inWrittenJoinOrder } from '../src/platform/db/join-order';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const setting = async (db: Db) =>
  (await db.execute<{ v: string }>(sql`select current_setting('join_collapse_limit') as v`)).rows[0]?.v;

describe('inWrittenJoinOrder', () => {
  it('keeps the written join order for the read only, and leaves a caller’s transaction as it is', async () => {
    const before = await setting(t.db);
    expect(await inWrittenJoinOrder(t.db, setting)).toBe('1');
    expect(await setting(t.db)).toBe(before);
    const inside = await t.db.transaction((tx) => inWrittenJoinOrder(tx as unknown as Db, setting));
    expect(inside).toBe(before);
  });
});
