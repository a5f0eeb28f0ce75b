import { type BuiltName, findCall, type HttpMethod, type Kind, type Subject, type Verb } from '@cabdesk/contract';

/** What the web needs to know about a call besides its types: where it goes, who may make it, what it is. */
export interface CallMeta {
  name: string;
  kind: Kind | 'planned';
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
 * The one door to the contract's call metadata. Nothing else in the web reads `contract[name]`, so
 * that the browser can later load a light table of this metadata instead of the whole contract by
 * changing this function alone.
 */
export function callMeta(name: BuiltName): CallMeta;
export function callMeta(name: string): CallMeta | undefined;
export function callMeta(name: string): CallMeta | undefined {
  const cached = known.get(name);
  if (cached) return cached;
  const call = findCall(name);
  if (!call) return undefined;
  const meta: CallMeta = {
    name,
    kind: call.kind,
    subject: call.subject,
    alsoFor: call.alsoFor,
    verb: call.verb,
    path: call.path,
    methods: call.methods,
    isPublic: call.isPublic,
    upload: call.upload,
  };
  known.set(name, meta);
  return meta;
}

/** Calls whose answer is a read: the ones a change can make stale. */
export const isRead = (meta: CallMeta) => meta.kind === 'list' || meta.kind === 'read' || meta.kind === 'flat';
