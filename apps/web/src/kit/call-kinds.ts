import type { BuiltName, CallKind } from '@cabdesk/contract';

/** Calls that change something: the ones a form sends. */
export type ChangeName = { [K in BuiltName]: CallKind<K> extends 'mutation' ? K : never }[BuiltName];

/** Calls that answer a page of rows. */
export type ListName = { [K in BuiltName]: CallKind<K> extends 'list' ? K : never }[BuiltName];

/** Calls that answer one record: a read by id, or a list narrowed to one id (where the spec has no read). */
export type ReadName = { [K in BuiltName]: CallKind<K> extends 'read' | 'list' ? K : never }[BuiltName];
