import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { type AccountKind, journalEntries, journalLines, ledgerAccounts } from './schema';

type Ctx = CallContext<Session>;

/** The kinds of account that belong to one client, passenger or driver. */
export const ownedKinds: readonly AccountKind[] = [
  'clientReceivable',
  'clientUnbilled',
  'passengerReceivable',
  'driverBalance',
  'driverCash',
];

/** An account by what it is: a company-wide kind, or an owned kind with its owner's id. */
export interface AccountRef {
  kind: AccountKind;
  ownerId?: number;
}

export interface EntryLine {
  account: AccountRef;
  /** Minor units of the company currency: debit positive, credit negative; never 0. */
  amount: number;
}

export interface NewEntry {
  kind: string;
  description: string;
  bookingId?: number | null;
  idempotencyKey?: string | null;
  /** When the movement happened, when not now (a payment received on an earlier day); never changes after. */
  postedAt?: Date | null;
  lines: EntryLine[];
}

export interface PostedEntry {
  id: number;
  repeated: boolean;
}

/** A posting the code got wrong: never the caller's mistake, so never a 4xx. */
export class UnbalancedEntryError extends Error {}

const keyOf = (ref: AccountRef) => `${ref.kind}:${ref.ownerId ?? 0}`;

function checkLines(entry: NewEntry): void {
  if (entry.lines.length < 2) throw new UnbalancedEntryError(`${entry.kind}: an entry needs two lines or more`);
  let sum = 0;
  for (const line of entry.lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new UnbalancedEntryError(`${entry.kind}: ${line.amount} is not a whole non-zero number of minor units`);
    }
    const owned = ownedKinds.includes(line.account.kind);
    if (owned !== Boolean(line.account.ownerId)) {
      throw new UnbalancedEntryError(`${entry.kind}: ${line.account.kind} ${owned ? 'needs' : 'takes no'} owner`);
    }
    sum += line.amount;
  }
  if (sum !== 0) throw new UnbalancedEntryError(`${entry.kind}: the lines add up to ${sum}, not 0`);
}

/**
 * Whether an account keeps its balance on its row. Owned accounts do (one client's, passenger's or
 * driver's entries rarely meet); company-wide ones do not: nearly every payment of a company posts to
 * its one card-clearing (or revenue, VAT, bank) account, and updating that row would make the
 * company's payments wait for each other until each commits. Their balance is the sum of their lines
 * (docs/ledger.md#balances).
 */
export const keepsRunningBalance = (kind: AccountKind) => ownedKinds.includes(kind);

/** The ids of the accounts the lines name, made on first use: one read when they all exist. */
async function accountIds(ctx: Ctx, refs: AccountRef[]): Promise<Map<string, { id: number; kind: AccountKind }>> {
  const companyId = ctx.session.companyId;
  const unique = [...new Map(refs.map((r) => [keyOf(r), r])).values()];
  const read = async () => {
    const rows = await ctx.db
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.companyId, companyId),
          inArray(
            ledgerAccounts.kind,
            unique.map((r) => r.kind),
          ),
          inArray(
            ledgerAccounts.ownerId,
            unique.map((r) => r.ownerId ?? 0),
          ),
        ),
      );
    return new Map(rows.map((r) => [keyOf({ kind: r.kind, ownerId: r.ownerId }), { id: r.id, kind: r.kind }]));
  };
  const found = await read();
  const missing = unique.filter((r) => !found.has(keyOf(r)));
  if (!missing.length) return found;
  const made = await ctx.db
    .insert(ledgerAccounts)
    .values(missing.map((r) => ({ companyId, kind: r.kind, ownerId: r.ownerId ?? 0 })))
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId });
  for (const r of made) found.set(keyOf({ kind: r.kind, ownerId: r.ownerId }), { id: r.id, kind: r.kind });
  // An account another call made at the same moment is read back.
  return unique.every((r) => found.has(keyOf(r))) ? found : read();
}

interface Line {
  accountId: number;
  kind: AccountKind;
  amount: number;
}

/** The running balances an entry moves: owned accounts only, summed per account, in id order. */
function balanceMoves(lines: Line[]): [number, number][] {
  const byAccount = new Map<number, number>();
  for (const l of lines) {
    if (keepsRunningBalance(l.kind)) byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.amount);
  }
  return [...byAccount].filter(([, amount]) => amount !== 0).sort((a, b) => a[0] - b[0]);
}

/**
 * Posts an entry to the company's journal in the caller's transaction: its lines must add up to zero
 * (checked here and again by the database at commit), and each owned account's balance moves with it.
 * With an idempotency key, a second post answers the first entry (`repeated`) and writes nothing: the
 * unique index on the key makes a second post at the same time wait for the first to commit, then
 * find it.
 *
 * Two statements when the accounts exist: their ids, then the entry, its lines and (for one owned
 * account) its balance in one statement.
 */
export async function postEntry(ctx: Ctx, entry: NewEntry): Promise<PostedEntry> {
  checkLines(entry);
  const companyId = ctx.session.companyId;
  const ids = await accountIds(
    ctx,
    entry.lines.map((l) => l.account),
  );
  const lines: Line[] = entry.lines.map((l) => {
    const account = ids.get(keyOf(l.account));
    if (!account) throw new Error(`The ${l.account.kind} account was not made.`);
    return { accountId: account.id, kind: account.kind, amount: l.amount };
  });
  const moves = balanceMoves(lines);
  // One account's balance moves in the same statement; several are updated one by one in id order
  // below, so two entries never wait on each other in a circle.
  const inline = moves.length === 1 ? moves[0] : undefined;
  const values = sql.join(
    lines.map((l) => sql`(${l.accountId}::int, ${l.amount}::bigint)`),
    sql`, `,
  );
  const made = await ctx.db.execute<{ id: number }>(sql`
    with e as (
      insert into journal_entries (company_id, kind, description, booking_id, idempotency_key, created_by, posted_at)
      values (${companyId}, ${entry.kind}, ${entry.description}, ${entry.bookingId ?? null},
        ${entry.idempotencyKey ?? null}, ${ctx.session.userId || null}, coalesce(${entry.postedAt ?? null}::timestamptz, now()))
      on conflict (company_id, idempotency_key) do nothing
      returning id
    ), l as (
      insert into journal_lines (company_id, entry_id, account_id, amount_minor)
      select ${companyId}, e.id, v.account_id, v.amount from e, (values ${values}) v(account_id, amount)
    )${
      inline
        ? sql`, b as (
      update ledger_accounts a set balance_minor = a.balance_minor + ${inline[1]}::bigint
      from e where a.company_id = ${companyId} and a.id = ${inline[0]}
    )`
        : sql``
    }
    select id from e`);
  const entryId = made.rows[0]?.id;
  if (entryId === undefined) {
    // The key was posted before (or by a transaction that committed while this one waited on it).
    const [seen] = await ctx.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(
        and(eq(journalEntries.companyId, companyId), eq(journalEntries.idempotencyKey, entry.idempotencyKey ?? '')),
      );
    if (!seen) throw new Error(`${entry.kind}: the entry was neither posted nor found.`);
    return { id: seen.id, repeated: true };
  }
  if (!inline) await moveBalances(ctx, moves);
  return { id: entryId, repeated: false };
}

async function moveBalances(ctx: Ctx, moves: [number, number][]) {
  for (const [accountId, amount] of moves) {
    await ctx.db
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${amount}` })
      .where(and(eq(ledgerAccounts.companyId, ctx.session.companyId), eq(ledgerAccounts.id, accountId)));
  }
}

/** Reverses an entry with its lines negated: the only way to correct one. An entry is reversed once. */
export async function reverseEntry(ctx: Ctx, entryId: number, reason: string): Promise<PostedEntry> {
  const companyId = ctx.session.companyId;
  const [original] = await ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.id, entryId)))
    .for('update');
  if (!original) throw notFound(`Journal entry ${entryId}`);
  const [already] = await ctx.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.reversesEntryId, entryId)));
  if (already) throw conflict(`Journal entry ${entryId} was already reversed by entry ${already.id}.`);
  const lines = await ctx.db
    .select({ accountId: journalLines.accountId, kind: ledgerAccounts.kind, amount: journalLines.amountMinor })
    .from(journalLines)
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.companyId, journalLines.companyId), eq(ledgerAccounts.id, journalLines.accountId)),
    )
    .where(and(eq(journalLines.companyId, companyId), eq(journalLines.entryId, entryId)));
  const [made] = await ctx.db
    .insert(journalEntries)
    .values({
      companyId,
      kind: 'reversal',
      description: `Reverses entry ${entryId} (${original.description}): ${reason}`,
      bookingId: original.bookingId,
      reversesEntryId: entryId,
      createdBy: ctx.session.userId || null,
    })
    .returning({ id: journalEntries.id });
  const reversalId = made?.id as number;
  const negated = lines.map((l) => ({ accountId: l.accountId, kind: l.kind, amount: -l.amount }));
  await ctx.db
    .insert(journalLines)
    .values(negated.map((l) => ({ companyId, entryId: reversalId, accountId: l.accountId, amountMinor: l.amount })));
  await moveBalances(ctx, balanceMoves(negated));
  return { id: reversalId, repeated: false };
}

/**
 * The balance of an account (0 for one never used): debits less credits, in minor units. An owned
 * account's is kept on its row; a company-wide account's is the sum of its lines
 * (journal_lines_account_idx).
 */
export async function balanceOf(ctx: Ctx, ref: AccountRef): Promise<number> {
  const [row] = await ctx.db
    .select({
      balance: keepsRunningBalance(ref.kind)
        ? ledgerAccounts.balanceMinor
        : sql<string>`(select coalesce(sum(l.amount_minor), 0) from journal_lines l
            where l.company_id = "ledger_accounts"."company_id" and l.account_id = "ledger_accounts"."id")`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.companyId, ctx.session.companyId),
        eq(ledgerAccounts.kind, ref.kind),
        eq(ledgerAccounts.ownerId, ref.ownerId ?? 0),
      ),
    );
  return Number(row?.balance ?? 0);
}
