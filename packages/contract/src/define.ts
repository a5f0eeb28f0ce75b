import type { z } from 'zod';
import type { Subject, Verb } from './permissions';

export type HttpMethod = 'GET' | 'POST';

/**
 * How a call answers on success:
 * - list:     `{data, allData, total, count}` and no `code` (spec 000 §5: a code on a list means failure)
 * - read:     `{data}`
 * - mutation: `{code: 200, message, data}`
 * - flat:     the object's own keys at the top level, plus `code`, `message` and `data` (sign-in and
 *             the start-up lookups, whose existing clients read the keys straight off the body)
 */
export type Kind = 'list' | 'read' | 'mutation' | 'flat';

interface Base {
  subject?: Subject;
  /**
   * A second subject whose holders may make this call too (the driver app acting for its own
   * driver); the handler then limits what such a caller may touch.
   */
  alsoFor?: Subject;
  methods?: readonly HttpMethod[];
  /** true: callable without a token (sign-in, branding, web booker look-ups). */
  isPublic?: boolean;
  summary?: string;
  /** Set on calls the spec does not name; says why the call exists. */
  addedBecause?: string;
  /** The input field that receives the file of a multipart/form-data body. */
  upload?: string;
}

/**
 * Lists and reads need `read` on their subject, from their kind; one may ask for more (an import
 * preview needs `create`, because it runs the import without keeping it).
 */
interface ReadOpts extends Base {
  verb?: Verb;
}

/** A call that changes data states what it does: the verb is never guessed from its name. */
interface WriteOpts extends Base {
  verb: Verb;
}

export interface BuiltDef<K extends Kind, I extends z.ZodType, O extends z.ZodType> extends Base {
  kind: K;
  verb?: Verb;
  input: I;
  output: O;
  /**
   * A list's own fields beside `data`, `allData`, `total` and `count` (the spec's profitability
   * totals): checked in tests and documented like the rows.
   */
  extra?: z.ZodObject;
}

export interface PlannedDef extends Base {
  kind: 'planned';
  /** Declared now or when the call is built; a planned call answers 501 before any permission check. */
  verb?: Verb;
}

export type Def = BuiltDef<Kind, z.ZodType, z.ZodType> | PlannedDef;

export function list<const D extends ReadOpts & { input: z.ZodType; row: z.ZodType; extra?: z.ZodObject }>(
  def: D,
): Omit<D, 'row'> & { kind: 'list'; output: D['row'] } {
  const { row, ...rest } = def;
  return { ...rest, kind: 'list', output: row };
}

export function read<const D extends ReadOpts & { input: z.ZodType; output: z.ZodType }>(def: D): D & { kind: 'read' } {
  return { ...def, kind: 'read' };
}

export function mutation<const D extends WriteOpts & { input: z.ZodType; output: z.ZodType }>(
  def: D,
): D & { kind: 'mutation' } {
  return { ...def, kind: 'mutation' };
}

export function flat<const D extends WriteOpts & { input: z.ZodType; output: z.ZodObject }>(
  def: D,
): D & { kind: 'flat' } {
  return { ...def, kind: 'flat' };
}

/** A call the spec names that is not built yet: it answers 501 until it is. */
export function planned(opts: Base & { verb?: Verb } = {}): PlannedDef {
  return { ...opts, kind: 'planned' };
}

/** The verb a call needs on its subject: declared, or `read` for lists and reads. */
function verbOf(def: Def): Verb | undefined {
  if (def.verb) return def.verb;
  return def.kind === 'list' || def.kind === 'read' ? 'read' : undefined;
}

interface Resolution {
  name: string;
  area: string;
  action: string;
  path: string;
  subject: Subject;
  methods: readonly HttpMethod[];
  isPublic: boolean;
}

export type Resolved<D extends Def, N extends string> = D &
  Resolution & {
    name: N;
    verb: D extends PlannedDef ? Verb | undefined : Verb;
    isPublic: D extends { isPublic: true } ? true : false;
  };

/** The wire name; the spec has one call at the API root (`POST /UpdateBonus`), declared with area ''. */
export type WireName<A extends string, K extends string> = A extends '' ? K : `${A}/${K}`;

/** A built call, resolved, when its exact type does not matter (routers, generators, tests). */
export type AnyBuiltCall = BuiltDef<Kind, z.ZodType, z.ZodType> & Resolution & { verb: Verb };
export type AnyPlannedCall = PlannedDef & Resolution;
/** Any call, resolved: built (with its verb) or planned. */
export type AnyCall = AnyBuiltCall | AnyPlannedCall;

export interface AreaOptions {
  subject: Subject;
  /** URL prefix; defaults to the area name. The spec's `/jwt/...` calls and root calls differ. */
  prefix?: string;
}

/**
 * Declares the calls of one spec area. Keys are the spec's action names, typos kept; the result is
 * keyed by the wire name `Area/Action`.
 */
export function area<const A extends string, const D extends Record<string, Def>>(
  name: A,
  options: AreaOptions,
  defs: D,
): { [K in keyof D & string as WireName<A, K>]: Resolved<D[K], WireName<A, K>> } {
  const out: Record<string, unknown> = {};
  const prefix = options.prefix ?? (name === '' ? '' : `/${name}`);
  for (const [action, def] of Object.entries(defs)) {
    const wire = name === '' ? action : `${name}/${action}`;
    out[wire] = {
      ...def,
      name: wire,
      area: name,
      action,
      path: `${prefix}/${action}`,
      subject: def.subject ?? options.subject,
      verb: verbOf(def),
      methods: def.methods ?? ['POST'],
      isPublic: def.isPublic ?? false,
    };
  }
  return out as never;
}
