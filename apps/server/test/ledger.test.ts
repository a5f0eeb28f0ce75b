import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  ownedKinds,
  postEntry,
  reverseEntry,
  UnbalancedEntryError,
  type EntryLine,
} from '../src/domains/ledger/post';
import { type AccountKind, journalEntries, journalLines, ledgerAccounts } from '../src/domains/ledger/schema';
import { adminSession, inCall } from './call-context';
import { createCompany } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let companyId: number;
let otherId: number;

const as = <T>(company: number, fn: Parameters<typeof inCall<T>>[2]) => inCall(t, adminSession(company), fn);

/** The database's own refusal, under the query error the driver wraps it in. */
async function refusedBy(work: Promise<unknown>, reason: RegExp) {
  const error = await work.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error).not.toBeNull();
  expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(reason);
}

/** A card payment of a passenger's booking: card clearing in, the passenger's receivable down. */
const cardPayment = (passengerId: number, amount: number): EntryLine[] => [
  { account: { kind: 'cardClearing' }, amount },
  { account: { kind: 'passengerReceivable', ownerId: passengerId }, amount: -amount },
];

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db)).id;
  otherId = (await createCompany(t.db)).id;
});

describe('the journal', () => {
  it('posts an entry whose lines add up to zero and moves each account by its line', async () => {
    const posted = await as(companyId, (ctx) =>
      postEntry(ctx, { kind: 'cardPayment', description: 'Booking 1 paid by card', lines: cardPayment(7, 2500) }),
    );
    expect(posted.repeated).toBe(false);
    await as(companyId, async (ctx) => {
      expect(await balanceOf(ctx, { kind: 'cardClearing' })).toBe(2500);
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 7 })).toBe(-2500);
    });
    // Another company's journal is its own.
    await as(otherId, async (ctx) => expect(await balanceOf(ctx, { kind: 'cardClearing' })).toBe(0));
  });

  it('refuses lines that do not add up, a zero line, a fraction and an owner where none belongs, writing nothing', async () => {
    const bad: EntryLine[][] = [
      [
        { account: { kind: 'cardClearing' }, amount: 100 },
        { account: { kind: 'revenue' }, amount: -99 },
      ],
      [
        { account: { kind: 'cardClearing' }, amount: 0 },
        { account: { kind: 'revenue' }, amount: 0 },
      ],
      [
        { account: { kind: 'cardClearing' }, amount: 10.5 },
        { account: { kind: 'revenue' }, amount: -10.5 },
      ],
      [
        { account: { kind: 'revenue', ownerId: 3 }, amount: 5 },
        { account: { kind: 'cardClearing' }, amount: -5 },
      ],
      [
        { account: { kind: 'driverBalance' }, amount: 5 },
        { account: { kind: 'cardClearing' }, amount: -5 },
      ],
    ];
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries);
    for (const lines of bad) {
      await expect(as(companyId, (ctx) => postEntry(ctx, { kind: 'test', description: 'bad', lines }))).rejects.toThrow(
        UnbalancedEntryError,
      );
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers the first entry for a repeated idempotency key, posting once', async () => {
    const post = () =>
      as(companyId, (ctx) =>
        postEntry(ctx, {
          kind: 'cardPayment',
          description: 'retried',
          idempotencyKey: 'pi_retry_1',
          lines: cardPayment(8, 1000),
        }),
      );
    const [a, b] = await Promise.all([post(), post()]);
    expect(a.id).toBe(b.id);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    await as(companyId, async (ctx) =>
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 8 })).toBe(-1000),
    );
  });

  it('makes a new owner’s account once when two entries name it at the same moment', async () => {
    const post = (key: string) =>
      as(companyId, (ctx) =>
        postEntry(ctx, { kind: 'cardPayment', description: key, idempotencyKey: key, lines: cardPayment(77, 250) }),
      );
    const [a, b] = await Promise.all([post('pi_new_owner_1'), post('pi_new_owner_2')]);
    expect(a.id).not.toBe(b.id);
    const accounts = await t.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.companyId, companyId),
          eq(ledgerAccounts.kind, 'passengerReceivable'),
          eq(ledgerAccounts.ownerId, 77),
        ),
      );
    expect(accounts).toHaveLength(1);
    await as(companyId, async (ctx) =>
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 77 })).toBe(-500),
    );
  });

  it('corrects an entry only by reversing it, once; the database refuses changes and unbalanced lines', async () => {
    const posted = await as(companyId, (ctx) =>
      postEntry(ctx, { kind: 'manualPayment', description: 'typed wrong', lines: cardPayment(9, 700) }),
    );
    const reversal = await as(companyId, (ctx) => reverseEntry(ctx, posted.id, 'wrong passenger'));
    await as(companyId, async (ctx) =>
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 9 })).toBe(0),
    );
    await expect(as(companyId, (ctx) => reverseEntry(ctx, posted.id, 'again'))).rejects.toMatchObject({ status: 409 });
    await expect(as(otherId, (ctx) => reverseEntry(ctx, reversal.id, 'not ours'))).rejects.toMatchObject({
      status: 404,
    });
    await refusedBy(
      t.db.update(journalLines).set({ amountMinor: 1 }).where(eq(journalLines.entryId, posted.id)),
      /never changed/,
    );
    await refusedBy(t.db.delete(journalEntries).where(eq(journalEntries.id, posted.id)), /never changed/);
    // Lines written around the code must still add up when the transaction commits.
    await refusedBy(
      t.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(journalEntries)
          .values({ companyId, kind: 'test', description: 'raw' })
          .returning({ id: journalEntries.id });
        const [account] = await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.companyId, companyId), eq(ledgerAccounts.kind, 'cardClearing')));
        await tx
          .insert(journalLines)
          .values({ companyId, entryId: entry?.id as number, accountId: account?.id as number, amountMinor: 5 });
      }),
      /does not add up to zero/,
    );
  });

  it('lets two payments to card clearing post at once: no company-wide row is held until commit', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let posted: () => void = () => undefined;
    const firstPosted = new Promise<void>((r) => (posted = r));
    // The first payment posts and keeps its transaction open…
    const first = as(companyId, async (ctx) => {
      await postEntry(ctx, { kind: 'cardPayment', description: 'first', lines: cardPayment(21, 300) });
      posted();
      await held;
    });
    await firstPosted;
    // …while a second payment of another passenger posts and commits without waiting for it.
    const second = await Promise.race([
      as(companyId, async (ctx) => {
        await ctx.db.execute(sql`set local lock_timeout = '2s'`);
        return postEntry(ctx, { kind: 'cardPayment', description: 'second', lines: cardPayment(22, 400) });
      }),
      new Promise<'waited'>((r) => setTimeout(() => r('waited'), 3000)),
    ]);
    release();
    await first;
    expect(second).toMatchObject({ repeated: false });
    await as(companyId, async (ctx) => {
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 21 })).toBe(-300);
      expect(await balanceOf(ctx, { kind: 'passengerReceivable', ownerId: 22 })).toBe(-400);
    });
  });

  it('keeps every entry at zero and every balance equal to the sum of its lines, whatever is posted', async () => {
    const company = (await createCompany(t.db)).id;
    const movement = fc.record({
      kind: fc.constantFrom('card', 'refund', 'cash', 'manual'),
      owner: fc.integer({ min: 1, max: 4 }),
      amount: fc.integer({ min: 1, max: 500_000 }),
      reverse: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(movement, { minLength: 1, maxLength: 8 }), async (moves) => {
        for (const m of moves) {
          const lines: EntryLine[] =
            m.kind === 'card'
              ? cardPayment(m.owner, m.amount)
              : m.kind === 'refund'
                ? cardPayment(m.owner, -m.amount)
                : m.kind === 'cash'
                  ? [
                      { account: { kind: 'driverCash', ownerId: m.owner }, amount: m.amount },
                      { account: { kind: 'driverBalance', ownerId: m.owner }, amount: -m.amount },
                    ]
                  : [
                      { account: { kind: 'bank' }, amount: m.amount },
                      { account: { kind: 'clientReceivable', ownerId: m.owner }, amount: -m.amount },
                    ];
          const posted = await as(company, (ctx) => postEntry(ctx, { kind: m.kind, description: m.kind, lines }));
          if (m.reverse) await as(company, (ctx) => reverseEntry(ctx, posted.id, 'property'));
        }
        const entries = await t.db.execute<{ sum: string }>(sql`
          select sum(amount_minor)::text as sum from journal_lines where company_id = ${company} group by entry_id`);
        expect(entries.rows.every((r) => r.sum === '0')).toBe(true);
        expect(entries.rows.length).toBeGreaterThan(0);
        // Owned accounts keep the sum on their row; company-wide ones keep none (0) and balanceOf sums.
        const drift = await t.db.execute<{ id: number }>(sql`
          select a.id from ledger_accounts a
          left join journal_lines l on l.company_id = a.company_id and l.account_id = a.id
          where a.company_id = ${company}
          group by a.id, a.kind, a.balance_minor
          having a.balance_minor <> case when a.kind in (${sql.join(
            ownedKinds.map((k) => sql`${k}`),
            sql`, `,
          )}) then coalesce(sum(l.amount_minor), 0) else 0 end`);
        expect(drift.rows).toEqual([]);
        const sums = await t.db.execute<{ kind: AccountKind; owner_id: number; sum: string }>(sql`
          select a.kind, a.owner_id, coalesce(sum(l.amount_minor), 0)::text as sum from ledger_accounts a
          left join journal_lines l on l.company_id = a.company_id and l.account_id = a.id
          where a.company_id = ${company} group by a.id`);
        for (const r of sums.rows) {
          const balance = await as(company, (ctx) =>
            balanceOf(ctx, { kind: r.kind, ownerId: r.owner_id || undefined }),
          );
          expect(balance).toBe(Number(r.sum));
        }
      }),
      { numRuns: 25 },
    );
  });
});
