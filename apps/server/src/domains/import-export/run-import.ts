import { describeFieldErrors, fieldErrors, findCall, type FieldError } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { fromDatabaseError } from '../../platform/db/errors';
import type { CallContext } from '../../platform/http/context';
import { AppError, badRequest, forbidden } from '../../platform/http/errors';
import { permits } from '../../platform/http/router';
import { type ImportEntity, importEntities, normalise } from './entities';
import type { Sheet } from './sheet';

type Ctx = CallContext<Session>;
type RowResult = { rowNumber: number; values: Record<string, string>; errors: FieldError[] };

const truthy = new Set(['yes', 'y', 'true', '1', 'x']);
const falsy = new Set(['no', 'n', 'false', '0', '']);

/** d/m/Y (how the UK and Germany write dates) or Y-m-d → Y-m-d; anything else is left for the schema to refuse. */
function isoDate(value: string): string {
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return value;
}

/** Which field each header feeds (null: the column is not imported). */
export function mapColumns(entity: ImportEntity, headers: string[]) {
  const wanted = new Map<string, string>();
  for (const [field, names] of Object.entries(entity.fields))
    for (const n of [field, ...names]) wanted.set(normalise(n), field);
  for (const ref of entity.references) for (const n of ref.headers) wanted.set(normalise(n), ref.field);
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = wanted.get(normalise(header)) ?? null;
    if (!field || taken.has(field)) return { header, field: null };
    taken.add(field);
    return { header, field };
  });
}

/**
 * Every row through the entity's own create call, each in a savepoint: the errors are exactly those
 * the real import would meet (rules, duplicates, references). A preview always rolls back; an
 * import commits only when no row failed.
 */
export async function runImport(ctx: Ctx, area: keyof typeof importEntities, sheet: Sheet, commit: boolean) {
  const entity = importEntities[area];
  const call = findCall(entity.create);
  const handler = ctx.services.handlers[entity.create as keyof typeof ctx.services.handlers] as
    ((input: unknown, ctx: Ctx) => Promise<unknown>) | undefined;
  if (!call || call.kind === 'planned' || !handler) throw badRequest(`${area} import is not available yet.`);
  if (!permits(ctx.ability, call)) throw forbidden();
  const columns = mapColumns(entity, sheet.headers);
  const references = new Map<string, Map<string, number>>();
  for (const ref of entity.references) references.set(ref.field, await ref.load(ctx.db, ctx.session.companyId));

  const results: RowResult[] = [];
  const work = async (db: Db) => {
    for (const row of sheet.rows) {
      const errors: FieldError[] = [];
      const raw: Record<string, unknown> = {};
      for (const { header, field } of columns) {
        const value = (row.values[header] ?? '').trim();
        if (!field || value === '') continue;
        const ref = entity.references.find((r) => r.field === field);
        if (ref) {
          const id = references.get(field)?.get(value.toLowerCase());
          if (id === undefined) errors.push({ field: header, message: `is not a ${ref.noun} of your company` });
          else raw[field] = id;
        } else if (entity.booleans?.includes(field)) {
          if (truthy.has(value.toLowerCase())) raw[field] = true;
          else if (falsy.has(value.toLowerCase())) raw[field] = false;
          else errors.push({ field: header, message: 'must be yes or no' });
        } else {
          raw[field] = entity.dates?.includes(field) ? isoDate(value) : value;
        }
      }
      const parsed = (call as { input: z.ZodType }).input.safeParse(raw);
      // A reference that could not be found is already reported under its column's own name.
      const unresolved = new Set(
        entity.references
          .filter((r) => errors.some((e) => columns.some((c) => c.field === r.field && c.header === e.field)))
          .map((r) => r.field),
      );
      if (!parsed.success) errors.push(...fieldErrors(parsed.error).filter((e) => !unresolved.has(e.field)));
      if (!errors.length) {
        try {
          await db.transaction((savepoint) =>
            handler(parsed.data, { ...ctx, db: savepoint, afterCommit: commit ? ctx.afterCommit : () => undefined }),
          );
        } catch (error) {
          const known = error instanceof AppError ? error : fromDatabaseError(error);
          if (!known) throw error;
          errors.push(...(known.errors?.length ? known.errors : [{ field: '(row)', message: known.message }]));
        }
      }
      results.push({ rowNumber: row.rowNumber, values: row.values, errors });
    }
  };

  const failed = () => results.filter((r) => r.errors.length);
  if (commit) {
    await work(ctx.db);
    const bad = failed();
    if (bad.length) {
      const errors = bad.flatMap((r) =>
        r.errors.map((e) => ({ field: `row ${r.rowNumber}: ${e.field}`, message: e.message })),
      );
      throw new AppError(
        400,
        `${bad.length} of ${results.length} rows cannot be imported; nothing was written. ${describeFieldErrors(errors.slice(0, 5))}`,
        errors,
      );
    }
  } else {
    // A preview runs the import in a transaction of its own that is always rolled back.
    const rollback = new Error('preview');
    await ctx.services.db
      .transaction(async (tx) => {
        await work(tx);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  }
  return {
    columns,
    rows: results,
    validCount: results.length - failed().length,
    invalidCount: failed().length,
  };
}
