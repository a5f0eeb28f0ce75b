import type { AnyBuiltCall } from '@cabdesk/contract';
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an input schema, through the wrappers a schema may carry (pipes, defaults). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return null;
}

/** Values no ordinary field takes: an object, a nested array, words, a negative fraction, a flag. */
const jsonCandidates: unknown[] = [{ wrong: [1] }, [[1]], 'not a valid value ∅', -1.5, true];
/** A query string carries text only. */
const queryCandidates: unknown[] = ['not a valid value ∅'];

/**
 * A body whose one field has a value of the wrong type for it, and that field's name; null when no
 * field of the call can be made wrong (a call without input, or only free-form fields).
 */
export function wrongBodyFor(call: AnyBuiltCall): { field: string; body: Record<string, unknown> } | null {
  const shape = shapeOf(call.input);
  if (!shape) return null;
  const candidates = call.methods.includes('POST') ? jsonCandidates : queryCandidates;
  for (const [field, schema] of Object.entries(shape)) {
    for (const value of candidates) {
      if (schema.safeParse(value).success) continue;
      const body = { [field]: value };
      const whole = call.input.safeParse(body);
      if (!whole.success && whole.error.issues.some((i) => i.path[0] === field)) return { field, body };
    }
  }
  return null;
}
