import type { Kind, HttpMethod } from './define';
import type { Subject, Verb } from './permissions';

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
