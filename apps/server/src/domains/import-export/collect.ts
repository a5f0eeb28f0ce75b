import { findCall, holdsMinorUnits, type ListResponse } from '@cabdesk/contract';
import { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { badRequest, fieldError, forbidden } from '../../platform/http/errors';
import { permits } from '../../platform/http/router';
import { overviewTable } from '../reports/export-tables';

export type Ctx = CallContext<Session>;
const PAGE = 100;

/** A list as an export shows it: its rows, its columns in order and which of them hold money. */
export interface CollectedList {
  name: string;
  rows: Record<string, unknown>[];
  columns: { key: string; title: string; money: boolean }[];
}

/**
 * Reads whose answer is a table an export can hold, and how to make it rows (a list needs none: its
 * rows are its pages).
 */
const readTables: Partial<Record<string, (answer: never) => Record<string, unknown>[]>> = {
  'Reports/GetReportsDataBookingsTotals': overviewTable,
};

const skipped = /(Url|Key)$/;
export const columnTitle = (key: string) =>
  key
    .replace(/Minor$/, '')
    .replace(/ID$/, 'Id')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());

/**
 * Runs a list call page by page with the caller's own permission and filters, up to `limit` rows.
 * Money columns are the keys ending in `Minor` and the fields the contract marks as minor units.
 */
export async function collectList(
  ctx: Ctx,
  name: string,
  input: Record<string, unknown>,
  limit: number,
): Promise<CollectedList> {
  const call = findCall(name);
  const tableOf = readTables[name];
  if (!call || call.kind === 'planned' || (call.kind !== 'list' && !tableOf)) {
    throw fieldError('call', 'must be the name of a list call or of a report that answers a table');
  }
  if (!permits(ctx.ability, call)) throw forbidden();
  const handler = ctx.services.handlers[name as keyof typeof ctx.services.handlers] as
    ((input: unknown, ctx: Ctx) => Promise<unknown>) | undefined;
  if (!handler) throw badRequest(`${name} is not implemented yet.`);
  const parse = (value: Record<string, unknown>) => {
    const parsed = (call as { input: z.ZodType }).input.safeParse(value);
    if (!parsed.success) throw fieldError('input', parsed.error.issues[0]?.message ?? 'is not valid for this list');
    return parsed.data;
  };
  const rows: Record<string, unknown>[] = [];
  if (tableOf) rows.push(...tableOf((await handler(parse(input), ctx)) as never));
  for (let page = 0; !tableOf && rows.length < limit; page++) {
    const result = (await handler(parse({ ...input, page, perPage: PAGE }), ctx)) as ListResponse<
      Record<string, unknown>
    >;
    rows.push(...result.data);
    if (result.data.length < PAGE || page + 1 >= result.total) break;
  }
  const shape = call.output instanceof z.ZodObject ? (call.output.shape as Record<string, unknown>) : {};
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !skipped.test(k));
  return {
    name,
    rows: rows.slice(0, limit),
    columns: keys.map((key) => ({ key, title: columnTitle(key), money: holdsMinorUnits(key, shape[key]) })),
  };
}

/** A value of a column that is not money, as text (lists, objects and yes/no made readable). */
export function plainValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'name' in v ? String(v.name) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number;
}

/** The file's name: the call and the day ("Reports-GetReportsDataClient-2026-11-27.pdf"). */
export const exportFileName = (name: string, extension: string) =>
  `${name.replace('/', '-')}-${new Date().toISOString().slice(0, 10)}.${extension}`;
