import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AbilityRule, Subject, Verb } from '@cabdesk/contract';
import { createContext, useContext } from 'react';

export type AppAbility = MongoAbility<[Verb | 'manage', Subject | 'all']>;

/** The same rules as the server: what the role may not use is hidden, never merely disabled. */
export function abilityFrom(rules: AbilityRule[] | undefined): AppAbility {
  return createMongoAbility<AppAbility>((rules ?? [{ action: 'read', subject: 'Auth' }]) as never);
}

export const AbilityContext = createContext<AppAbility>(abilityFrom(undefined));
export const useAbility = () => useContext(AbilityContext);
