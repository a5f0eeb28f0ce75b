import type { BuiltName } from '@cabdesk/contract';
import { callMeta } from '../api/call-meta';
import { useAbility } from './ability';

/**
 * Whether the role may make a call, from the verb and subject the contract declares for it (and the
 * second subject it also serves), exactly as the server decides: a button for a call the role may
 * not make is not shown.
 */
export function useCanCall(): (name: BuiltName) => boolean {
  const ability = useAbility();
  return (name) => {
    const meta = callMeta(name);
    return ability.can(meta.verb, meta.subject) || (!!meta.alsoFor && ability.can(meta.verb, meta.alsoFor));
  };
}
