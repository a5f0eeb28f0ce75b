import type { BuiltName } from '@cabdesk/contract';
import { loadInput } from '@cabdesk/contract/call-inputs';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

const loaded = new Map<BuiltName, Promise<z.ZodType>>();
const ready = new Map<BuiltName, z.ZodType>();

/**
 * The contract's input schema of a call, for a form that validates as the server does. It comes with
 * the calls module of its domain (`@cabdesk/contract/call-inputs`), so a form brings only its own
 * domain's rules, and only when it opens.
 */
export function loadInputSchema(name: BuiltName): Promise<z.ZodType> {
  let schema = loaded.get(name);
  if (!schema) {
    schema = loadInput(name).then((s) => (ready.set(name, s), s));
    loaded.set(name, schema);
  }
  return schema;
}

/** The call's input schema if it has been loaded already. */
export const readyInputSchema = (name: BuiltName): z.ZodType | undefined => ready.get(name);

/** The call's input schema once it is there (a moment after a form first opens; the server checks anyway). */
export function useInputSchema(name: BuiltName): z.ZodType | undefined {
  const [schema, setSchema] = useState(() => ready.get(name));
  useEffect(() => {
    let live = true;
    void loadInputSchema(name).then((s) => live && setSchema(() => s));
    return () => {
      live = false;
    };
  }, [name]);
  return ready.get(name) ?? schema;
}

/** Loads some calls' input schemas at once and reads them without waiting afterwards (tests, tools). */
export async function inputSchemasOf(...names: BuiltName[]): Promise<(name: BuiltName) => z.ZodType> {
  const schemas = new Map(await Promise.all(names.map(async (n) => [n, await loadInputSchema(n)] as const)));
  return (name) => {
    const schema = schemas.get(name);
    if (!schema) throw new Error(`${name} was not among the schemas loaded`);
    return schema;
  };
}
