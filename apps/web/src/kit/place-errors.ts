import { type FieldError, fieldErrors } from '@cabdesk/contract';
import type { z } from 'zod';

/** Where an error of the call's input lands: a path of the form's values, null for nowhere, undefined for the default. */
export type FieldOf = (path: string) => string | null | undefined;

export interface PlacedErrors {
  /** Errors beside the form's own fields, keyed by the form's path. */
  byField: Record<string, string>;
  /** Errors about fields the form does not show, in words ("Bank sort code must be 6 digits"). */
  unplaced: string[];
}

function hasPath(values: unknown, path: string): boolean {
  let here: unknown = values;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object' || !(key in here)) return false;
    here = (here as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The form's field for an input path: the one `fieldOf` names, else the longest start of the path
 * the form's values hold (`tagIds.2` lands on `tagIds`), else none.
 */
export function formFieldOf(path: string, values: unknown, fieldOf?: FieldOf): string | null {
  const named = fieldOf?.(path);
  if (named !== undefined) return named;
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    if (hasPath(values, candidate)) return candidate;
  }
  return null;
}

/** Puts each field error on its field; the first message per field wins. */
export function placeErrors(errors: FieldError[], values: unknown, fieldOf?: FieldOf): PlacedErrors {
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const error of errors) {
    const field = formFieldOf(error.field, values, fieldOf);
    // A server's error with a rule carries its people message already; an older one is the rule alone.
    const sentence =
      error.rule !== undefined || error.field === '(body)' ? error.message : `${error.field} ${error.message}`;
    if (field === null) unplaced.push(sentence);
    else byField[field] ??= error.message;
  }
  return { byField, unplaced };
}

/** The contract's verdict on what the form would send, placed on the form's fields. */
export function checkWith(schema: z.ZodType, input: unknown, values: unknown, fieldOf?: FieldOf): PlacedErrors {
  const result = schema.safeParse(input);
  return result.success ? { byField: {}, unplaced: [] } : placeErrors(fieldErrors(result.error), values, fieldOf);
}
