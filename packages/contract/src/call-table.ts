import type { Kind, HttpMethod } from './define';
import type { Subject, Verb } from './permissions';
import type { BuiltName } from './types';

/**
 * What a browser needs to make a built call and keep its screens fresh — its route, kind and
 * permission — without the call's schemas. `call-table.generated.ts` holds it for every built call
 * (written by `npm run openapi`, checked by a contract test), so the web's first page does not carry
 * every schema of the contract and zod with them.
 */
export interface CallEntry {
  path: string;
  methods: readonly HttpMethod[];
  kind: Kind;
  subject: Subject;
  verb: Verb;
  alsoFor?: Subject;
  isPublic: boolean;
  upload?: string;
}

/**
 * A call's name in the compact table, followed by its marks when it differs from the usual call
 * (`POST /{name}`, with a token, no file): `public`, `methods=POST,GET`, `alsoFor=DriverApp`,
 * `upload=file`, `path=/elsewhere`.
 */
export type MarkedName = BuiltName | `${BuiltName} ${string}`;

/**
 * The compact form of the call table, which is what the first page downloads: every built call's
 * name under its kind, then its verb, then its subject. Each call costs about its name.
 */
export type CallGroups = {
  [K in Kind]?: { [V in Verb]?: { [S in Subject]?: readonly MarkedName[] } };
};

const post: readonly HttpMethod[] = ['POST'];

/** The call table from its compact form, made once when the module loads. */
export function decodeCallTable(groups: CallGroups): Record<BuiltName, CallEntry> {
  const table: Partial<Record<string, CallEntry>> = {};
  for (const [kind, verbs] of Object.entries(groups) as [Kind, CallGroups[Kind]][]) {
    for (const [verb, subjects] of Object.entries(verbs ?? {}) as [Verb, Record<Subject, MarkedName[]>][]) {
      for (const [subject, names] of Object.entries(subjects) as [Subject, MarkedName[]][]) {
        for (const marked of names) {
          const [name = '', ...marks] = marked.split(' ');
          const entry: CallEntry = { path: `/${name}`, methods: post, kind, subject, verb, isPublic: false };
          for (const mark of marks) {
            const at = mark.indexOf('=');
            const key = at < 0 ? mark : mark.slice(0, at);
            const value = mark.slice(at + 1);
            if (key === 'public') entry.isPublic = true;
            else if (key === 'methods') entry.methods = value.split(',') as HttpMethod[];
            else if (key === 'alsoFor') entry.alsoFor = value as Subject;
            else if (key === 'upload') entry.upload = value;
            else if (key === 'path') entry.path = value;
            else throw new Error(`${name}: unknown mark ${mark}`);
          }
          table[name] = entry;
        }
      }
    }
  }
  return table as Record<BuiltName, CallEntry>;
}
