import type pg from 'pg';

export interface NamingLimits {
  /** Longer texts (the reports' and lists' own queries) are planned afresh each time, never kept. */
  maxText: number;
  /** Distinct texts named for one pool at most. */
  maxNames: number;
  /** Texts one connection keeps prepared at most. */
  perConnection: number;
}

export const namingLimits: NamingLimits = { maxText: 4000, maxNames: 2000, perConnection: 500 };

type QueryConfig = { text?: unknown; values?: unknown[]; name?: string };

/**
 * Names each short parametrised statement of a pool's connections, so that each connection parses it
 * once and PostgreSQL reuses its plan: a statement without a name is parsed and planned on every
 * call, which was half the database's time of a card payment's 27 small statements. One name per
 * text for the whole pool, so a name always means the same text. A query whose text varies (a list
 * of ids of any length) cannot grow the names or a connection's prepared statements without bound:
 * past the limits, statements go unnamed as before.
 */
export function statementNaming(limits: NamingLimits = namingLimits): (client: pg.PoolClient) => void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < limits.maxNames) {
      name = `cabdesk_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return (client) => {
    // The class's own query, looked up on each call (a test may watch the prototype's).
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    const prepared = new Set<string>();
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as QueryConfig | string;
      // Values come in the config or beside it (Drizzle passes them beside).
      const values = Array.isArray(args[1])
        ? (args[1] as unknown[])
        : typeof config === 'object'
          ? config?.values
          : undefined;
      if (
        typeof config === 'object' &&
        config !== null &&
        typeof config.text === 'string' &&
        !config.name &&
        values?.length &&
        config.text.length <= limits.maxText
      ) {
        const name = nameOf(config.text);
        if (name && (prepared.has(name) || prepared.size < limits.perConnection)) {
          prepared.add(name);
          args[0] = { ...config, name };
        }
      }
      return proto.query.apply(client, args);
    };
  };
}
