/** What the calls index knows about each call; every path is relative to the repository root. */

export interface Place {
  file: string;
  line: number;
}

export interface Named {
  name: string;
  at: Place;
}

/** A contract entry, and the helper (`crud()`, `lookup()` …) that built its definition, when one did. */
export interface ContractEntry {
  at: Place;
  helper?: Named;
}

/**
 * What a handler hands its work to:
 * - service:   a function of the server
 * - mechanism: code shared by many calls that made the handler or does its work (`crudHandlers()`,
 *              `fixedLookup()`); `instance` is what it was made for, when there is one
 */
export type Delegate = ({ kind: 'service' } & Named) | ({ kind: 'mechanism'; instance?: Named } & Named);

/** Where a handler's work is done: handed on, in the handler's own body, or not known. */
export type Work = Delegate | { kind: 'inline' } | { kind: 'not found' };

export interface HandlerEntry {
  at: Place;
  work: Work;
}

/** One row of the index: the contract's own facts about the call plus where it lives. */
export interface IndexedCall {
  name: string;
  area: string;
  kind: string;
  methods: readonly string[];
  path: string;
  isPublic: boolean;
  subject: string;
  alsoFor?: string;
  /** Declared on every built call; a planned call may not have one yet. */
  verb?: string | undefined;
  contract?: ContractEntry;
  handler?: HandlerEntry;
  tests: string[];
}
