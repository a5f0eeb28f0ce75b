import { type BuiltName, findCall } from '@cabdesk/contract';
import type { z } from 'zod';

/**
 * The contract's input schema of a call, for a form that validates as the server does. Apart from
 * `callMeta`, this is the web's only door to a call's definition: forms need the rules themselves.
 */
export function inputSchemaOf(name: BuiltName): z.ZodType {
  const call = findCall(name);
  if (!call || call.kind === 'planned') throw new Error(`${name} has no input schema in the contract.`);
  return call.input;
}
