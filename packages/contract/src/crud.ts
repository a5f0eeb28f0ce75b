import { z } from 'zod';
import { list, mutation, read } from './define';
import { byId, id, listInput } from './fields';
import type { Subject } from './permissions';

/** The answer of a delete: the id that is gone. */
export const deletedRow = z.object({ id: z.number() });

/**
 * The five calls of a plain register (reference data and the like), from one definition: the fields a
 * person fills in, the row the list shows, the columns it sorts on and its filters. Areas map them
 * to the spec's names (Zone/GetTableSummaryZones, Common/AddDiscountCodes, …).
 */
export function crud<
  F extends z.ZodObject,
  R extends z.ZodObject,
  S extends readonly [string, ...string[]],
  Q extends z.ZodRawShape = Record<never, never>,
>(def: { noun: string; fields: F; row: R; sortable: S; filters?: Q; subject?: Subject }) {
  const sortColumn = z.enum(def.sortable, { error: `must be one of: ${def.sortable.join(', ')}` }).optional();
  const listIn = listInput({ ...(def.filters ?? ({} as Q)), sortColumn });
  const opts = def.subject ? { subject: def.subject } : {};
  return {
    list: list({
      ...opts,
      input: listIn,
      row: def.row,
      summary: `${def.noun}: the list, paged, sorted and searchable.`,
    }),
    get: read({ ...opts, input: byId(), output: def.row, summary: `One ${def.noun.toLowerCase()} by id.` }),
    create: mutation({
      ...opts,
      verb: 'create',
      input: def.fields,
      output: def.row,
      summary: `Adds a ${def.noun.toLowerCase()}.`,
    }),
    update: mutation({
      verb: 'update',
      ...opts,
      // safeExtend keeps the fields' cross-field rules; its type is spelled out because TypeScript
      // cannot follow it through the generic.
      input: def.fields.safeExtend({ id: id() }) as unknown as z.ZodType<
        z.output<F> & { id: number },
        z.input<F> & { id: number | string }
      >,
      output: def.row,
      summary: `Changes a ${def.noun.toLowerCase()} (every field is sent).`,
    }),
    remove: mutation({
      verb: 'update',
      ...opts,
      input: byId(),
      output: deletedRow,
      summary: `Deletes a ${def.noun.toLowerCase()}; one still in use answers 409 (switch it off instead).`,
    }),
  };
}

/**
 * A dropdown's list takes the spec's list convention like every other list (page 0 and perPage 10
 * unless sent; perPage 0 for the whole list, which is what a dropdown asks).
 */
export const lookupInput = <S extends z.ZodRawShape = Record<never, never>>(filters?: S) =>
  listInput(filters ?? ({} as S));

/** The row every lookup has; some add fields of their own. */
export const lookupRow = z.object({
  id: z.union([z.number(), z.string()]).describe('Numeric id, or the code for fixed lists'),
  name: z.string(),
});

/** A fixed list (priorities, invoice periods…): numbered rows with the code the API takes. */
export const codeRow = z.object({ id: z.number(), code: z.string(), name: z.string() });

export function lookup<R extends z.ZodObject, S extends z.ZodRawShape = Record<never, never>>(
  row: R,
  opts: { filters?: S; summary?: string; subject?: Subject } = {},
) {
  const { filters, ...rest } = opts;
  return list({ ...rest, input: lookupInput(filters), row });
}
