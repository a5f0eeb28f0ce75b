import type { BuiltName, HttpMethod, Kind, Subject, Verb } from '@cabdesk/contract';
import { callTable } from '@cabdesk/contract/call-table';

/** What the web needs to know about a call besides its types: where it goes, who may make it, what it is. */
export interface CallMeta {
  name: string;
  kind: Kind;
  subject: Subject;
  /** A second subject whose holders may make the call too (the driver app acting for its driver). */
  alsoFor: Subject | undefined;
  verb: Verb;
  path: string;
  methods: readonly HttpMethod[];
  isPublic: boolean;
  /** The input field that carries the file of a multipart body. */
  upload: string | undefined;
}

const known = new Map<string, CallMeta>();

/**
 * The one door to the contract's call metadata, read from its call table (routes, kinds and
 * permissions without the schemas), so the first page does not carry the contract.
 */
export function callMeta(name: BuiltName): CallMeta;
export function callMeta(name: string): CallMeta | undefined;
export function callMeta(name: string): CallMeta | undefined {
  const cached = known.get(name);
  if (cached) return cached;
  const entry = (callTable as Partial<Record<string, (typeof callTable)[BuiltName]>>)[name];
  if (!entry) return undefined;
  const meta: CallMeta = { name, ...entry, alsoFor: entry.alsoFor, upload: entry.upload };
  known.set(name, meta);
  return meta;
}

/** Calls whose answer is a read: the ones a change can make stale. */
export const isRead = (meta: CallMeta) => meta.kind === 'list' || meta.kind === 'read' || meta.kind === 'flat';
