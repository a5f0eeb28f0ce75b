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

/** The ids of the accounts the lines name, made on first use. */
async function accountIds(ctx: Ctx, refs: AccountRef[]): Promise<Map<string, number>> {
  const companyId = ctx.session.companyId;
  const unique = [...new Map(refs.map((r) => [keyOf(r), r])).values()];
  await ctx.db
    .insert(ledgerAccounts)
    .values(unique.map((r) => ({ companyId, kind: r.kind, ownerId: r.ownerId ?? 0 })))
    .onConflictDoNothing();
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
  return new Map(rows.map((r) => [keyOf({ kind: r.kind, ownerId: r.ownerId }), r.id]));
}

/**
 * Posts an entry to the company's journal in the caller's transaction: its lines must add up to zero
 * (checked here and again by the database at commit), and each account's balance moves with it. With
 * an idempotency key, a second post answers the first entry (`repeated`) and writes nothing.
 */
export async function postEntry(ctx: Ctx, entry: NewEntry): Promise<PostedEntry> {
  checkLines(entry);
  const companyId = ctx.session.companyId;
  if (entry.idempotencyKey) {
    await ctx.db.execute(
      sql`select pg_advisory_xact_lock(${companyId}, hashtext(${`ledger:${entry.idempotencyKey}`}))`,
    );
    const [seen] = await ctx.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.idempotencyKey, entry.idempotencyKey)));
    if (seen) return { id: seen.id, repeated: true };
  }
  const ids = await accountIds(
    ctx,
    entry.lines.map((l) => l.account),
  );
  const [made] = await ctx.db
    .insert(journalEntries)
    .values({
      companyId,
      kind: entry.kind,
      description: entry.description,
      bookingId: entry.bookingId ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
      createdBy: ctx.session.userId || null,
    })
    .returning({ id: journalEntries.id });
  const entryId = made?.id as number;
  await writeLines(
    ctx,
    entryId,
    entry.lines.map((l) => ({ accountId: ids.get(keyOf(l.account)) as number, amount: l.amount })),
  );
  return { id: entryId, repeated: false };
}

async function writeLines(ctx: Ctx, entryId: number, lines: { accountId: number; amount: number }[]) {
  const companyId = ctx.session.companyId;
  await ctx.db
    .insert(journalLines)
    .values(lines.map((l) => ({ companyId, entryId, accountId: l.accountId, amountMinor: l.amount })));
  // Accounts in id order, so two entries touching the same accounts never wait on each other in a circle.
  const byAccount = new Map<number, number>();
  for (const l of lines) byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.amount);
  for (const [accountId, amount] of [...byAccount].sort((a, b) => a[0] - b[0])) {
    if (amount === 0) continue;
    await ctx.db
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${amount}` })
      .where(and(eq(ledgerAccounts.companyId, companyId), eq(ledgerAccounts.id, accountId)));
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
    .select({ accountId: journalLines.accountId, amount: journalLines.amountMinor })
    .from(journalLines)
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
  await writeLines(
    ctx,
    reversalId,
    lines.map((l) => ({ accountId: l.accountId, amount: -l.amount })),
  );
  return { id: reversalId, repeated: false };
}

/** The balance of an account (0 for one never used): debits less credits, in minor units. */
export async function balanceOf(ctx: Ctx, ref: AccountRef): Promise<number> {
  const [row] = await ctx.db
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.companyId, ctx.session.companyId),
        eq(ledgerAccounts.kind, ref.kind),
        eq(ledgerAccounts.ownerId, ref.ownerId ?? 0),
      ),
    );
  return row?.balance ?? 0;
}
