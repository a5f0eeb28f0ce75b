import type { z } from 'zod';
import type { CallName, Contract } from './contract';
import type { BuiltDef, Kind } from './define';

/** Names of the calls that are built (not answering 501). */
export type BuiltName = {
  [K in CallName]: Contract[K] extends BuiltDef<Kind, z.ZodType, z.ZodType> ? K : never;
}[CallName];

type Built<K extends BuiltName> = Extract<Contract[K], BuiltDef<Kind, z.ZodType, z.ZodType>>;

/** What a client sends (before parsing: numbers may still be text, defaults may be missing). */
export type CallInput<K extends BuiltName> = z.input<Built<K>['input']>;
/** What a handler receives (parsed and defaulted). */
export type ParsedInput<K extends BuiltName> = z.output<Built<K>['input']>;
/** The row (list) or object (read, mutation, flat) a call produces. */
export type CallOutput<K extends BuiltName> = z.output<Built<K>['output']>;
export type CallKind<K extends BuiltName> = Built<K>['kind'];
/** A list's fields beside its rows (`extra` in the contract); nothing for most lists. */
export type ListExtra<K extends BuiltName> =
  Built<K> extends { extra: infer E extends z.ZodType } ? z.output<E> : unknown;

export interface ListResponse<Row> {
  data: Row[];
  /** The whole filtered set, bounded (docs/api-conventions.md). */
  allData: Row[];
  /** Page count. */
  total: number;
  /** Row count of the whole filtered set. */
  count: number;
}

export interface MutationResponse<T> {
  code: 200;
  message: string;
  data: T;
}

export type FlatResponse<T> = T & MutationResponse<T>;

export type ResponseOf<K extends BuiltName> =
  CallKind<K> extends 'list'
    ? ListResponse<CallOutput<K>> & ListExtra<K>
    : CallKind<K> extends 'read'
      ? { data: CallOutput<K> }
      : CallKind<K> extends 'mutation'
        ? MutationResponse<CallOutput<K>>
        : FlatResponse<CallOutput<K>>;

/** What a server handler returns; the router wraps it in the kind's envelope. */
export type HandlerResult<K extends BuiltName> =
  CallKind<K> extends 'list'
    ? ListResponse<CallOutput<K>> & ListExtra<K>
    : CallKind<K> extends 'mutation'
      ? { data: CallOutput<K>; message?: string }
      : CallOutput<K>;
