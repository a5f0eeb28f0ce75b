import { sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { listPage } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { minor } from '../payments/finance-filters';
import { dimensions, type DimensionName } from './dimensions';
import { bookingsWhere, checkPeriod, checkReferences, type Ctx, type ProfitabilityInput } from './filters';
import { figuresOf, perBooking } from './per-booking';
import { driverPayAgainstLedger, reconcileWith } from './reconciliation';
import { profitRollupServes, rolledUpClientRows } from './rollup/read';

type Row = z.output<typeof schemas.vehicleProfitabilityRow>;
type Totals = z.output<typeof schemas.driverProfitabilityTotals>;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const figureKeys = [
  'bookings',
  'invbookings',
  'cmpbookings',
  'ftrbookings',
  'amount',
  'invamount',
  'cmpamount',
  'prfamount',
  'revenue',
  'driverPay',
  'expenses',
  'dswrkd',
  'drvrcommsn',
] as const;

function rowOf(r: Record<string, unknown>): Row {
  const revenue = minor(r.revenue);
  const driverPay = minor(r.pay);
  const expenses = minor(r.expenses);
  return {
    id: Number(r.key),
    name: String(r.name ?? `#${String(r.key)}`),
    vehicleType: r.vehicle_type === undefined || r.vehicle_type === null ? null : String(r.vehicle_type),
    bookings: Number(r.bookings),
    invbookings: Number(r.invbookings),
    cmpbookings: Number(r.cmpbookings),
    ftrbookings: Number(r.ftrbookings),
    amount: minor(r.amount),
    invamount: minor(r.invamount),
    cmpamount: minor(r.cmpamount),
    prfamount: revenue - driverPay - expenses,
    revenue,
    driverPay,
    expenses,
    dswrkd: Number(r.days),
    drvrcommsn: driverPay,
  };
}

function sortRows(rows: Row[], input: ProfitabilityInput): Row[] {
  const column = input.sortColumn ?? 'prfamount';
  const direction = (input.sortType ?? (input.sortColumn ? 'asc' : 'desc')) === 'desc' ? -1 : 1;
  return rows.sort((a, b) => {
    const x = a[column];
    const y = b[column];
    const by = typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y);
    return (by || a.id - b.id) * direction;
  });
}

/**
 * One profitability tab: the chosen bookings grouped by client, driver or vehicle, their figures,
 * the totals of the whole filtered set and its reconciliation with the ledger. Rows are few (one per
 * client, driver or vehicle with bookings), so they are sorted and paged here after one grouped query.
 */
export async function profitability(ctx: Ctx, input: ProfitabilityInput, by: DimensionName) {
  checkPeriod(input);
  await checkReferences(ctx, input);
  const { timezone, currency } = await companyFacts(ctx);
  const dimension = dimensions[by];
  const companyId = ctx.session.companyId;
  const pattern = input.q ? containing(input.q) : null;
  const search = pattern ? [sql`${dimension.name(dimension.key, companyId)} ilike ${pattern}`] : [];
  const where = sql.join([bookingsWhere(ctx, input, timezone), ...search], sql` and `);
  const rowsCte = perBooking(companyId, where, dimension.key);
  const extra = 'extra' in dimension ? dimension.extra(sql`g.key`, companyId) : sql`null`;
  // The bookings are read once: the revenue side of the reconciliation rides on the grouped rows.
  const fromBookings = async () =>
    (
      await ctx.db.execute<Record<string, unknown>>(sql`with ${rowsCte}, g as (
        select r.key, ${figuresOf(timezone, dimension.worksDays)} from r group by r.key
      ) select g.*, ${dimension.name(sql`g.key`, companyId)} as name, ${extra} as vehicle_type from g`)
    ).rows;
  const rolledUp = async () =>
    by === 'client' && profitRollupServes(input) ? rolledUpClientRows(ctx, input, timezone, dimension, pattern) : null;
  const [grouped, driverPay] = await Promise.all([
    rolledUp().then((rows) => rows ?? fromBookings()),
    driverPayAgainstLedger(ctx, sql`${where} and ${dimension.key} is not null`),
  ]);
  const sum = (key: string) => grouped.reduce((n, r) => n + minor(r[key]), 0);
  const reconciliation = await reconcileWith(ctx, rowsCte, {
    revenue: { report: sum('revenue'), ledger: sum('ledger_revenue') },
    differing: sum('differing'),
    driverPay,
  });
  const all = sortRows(grouped.map(rowOf), input);
  const totals = Object.fromEntries(figureKeys.map((k) => [k, all.reduce((sum, r) => sum + r[k], 0)])) as Pick<
    Totals,
    (typeof figureKeys)[number]
  >;
  const page = await listPage(input, {
    count: async () => all.length,
    rows: async (limit, offset) => all.slice(offset, offset + limit),
  });
  return {
    ...page,
    ...totals,
    currency,
    startDate: input.startDate,
    endDate: input.endDate,
    reconciliation,
  };
}

type Answer = Awaited<ReturnType<typeof profitability>>;

/** A tab's answer without the figures its rows do not have (clients work no days). */
export function withoutDays({ dswrkd: _d, drvrcommsn: _c, ...answer }: Answer) {
  const strip = ({ dswrkd: _rd, drvrcommsn: _rc, vehicleType: _v, ...row }: Row) => row;
  return { ...answer, data: answer.data.map(strip), allData: answer.allData.map(strip) };
}

export function withoutVehicleType(answer: Answer) {
  const strip = ({ vehicleType: _v, ...row }: Row) => row;
  return { ...answer, data: answer.data.map(strip), allData: answer.allData.map(strip) };
}
