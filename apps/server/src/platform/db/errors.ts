import { AppError, badRequest, conflict } from '../http/errors';

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
  column?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/** Unique constraints whose breach a caller can cause, with the field and the words to say. */
const uniqueRules: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: 'is already used by another account of this company' },
  companies_short_name_key: { field: 'companyShortName', message: 'is already taken' },
  staff_roles_name_key: { field: 'name', message: 'is already the name of another role' },
};

/** Registers more unique-constraint messages (domains add their own). */
export function describeUnique(constraint: string, field: string, message: string): void {
  uniqueRules[constraint] = { field, message };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const words = (table: string) => table.replace(/_/g, ' ');

/**
 * A foreign-key breach names its columns in the detail: a missing target is the caller's bad
 * reference (400 naming the field); a row still referenced cannot be deleted (409 naming who uses it).
 */
function fromForeignKey(detail: string): AppError {
  const used = /is still referenced from table "([^"]+)"/.exec(detail);
  if (used) return conflict(`It is still used by ${words(used[1] ?? '')}; switch it off instead of deleting it.`);
  const key = /^Key \(([^)]+)\)=\(([^)]*)\) is not present in table "([^"]+)"/.exec(detail);
  const column = key?.[1]?.split(', ').find((c) => c !== 'company_id');
  if (column) {
    const field = camel(column);
    return new AppError(400, `${field} does not exist in your company`, [
      { field, message: 'does not exist in your company' },
    ]);
  }
  return badRequest('A referenced row does not exist in your company.');
}

/** `Key (company_id, lower(name))=(1, saloon) already exists.` → 409 naming `name`. */
function fromUnique(detail: string): AppError {
  const key = /^Key \((.+)\)=\(.*\) already exists/.exec(detail);
  const parts = key?.[1]?.split(/,\s*(?![^(]*\))/) ?? [];
  const expression = [...parts].reverse().find((p) => !p.includes('company_id'));
  const column = expression
    ? /([a-z_]+)(?![a-z_]*\()/.exec(expression.replace(/\b(lower|upper|replace)\(/g, ''))?.[1]
    : undefined;
  if (column) {
    const field = camel(column);
    return new AppError(409, `${field} is already used by another row`, [
      { field, message: 'is already used by another row' },
    ]);
  }
  return conflict('A row with the same values already exists.');
}

/** Socket errors and driver messages of a database that is away (restarting, unreachable). */
const AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const AWAY_MESSAGES =
  /Connection terminated|terminating connection|Client has encountered a connection error|timeout exceeded when trying to connect/i;

function databaseAway(error: unknown): boolean {
  type Link = { code?: unknown; message?: unknown; cause?: unknown; syscall?: unknown };
  for (let e = error as Link | undefined, i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && AWAY_CODES.has(e.code)) return true;
    // The Unix socket of a stopped server is gone with it.
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    if (typeof e.message === 'string' && AWAY_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const DATABASE_AWAY = 'The database is not reachable right now. Try again in a moment.';

/**
 * Database errors a caller can provoke become 4xx answers, a database that is away a 503 (the pool
 * connects again by itself once it is back); anything else stays a 500.
 */
export function fromDatabaseError(error: unknown): AppError | null {
  // Drizzle wraps driver errors; the PostgreSQL error is the cause.
  const cause = (error as { cause?: unknown })?.cause;
  if (databaseAway(error)) return new AppError(503, DATABASE_AWAY);
  const pg = isPgError(error) ? error : isPgError(cause) ? cause : null;
  if (!pg) return null;
  switch (pg.code) {
    case '23505': {
      const rule = pg.constraint ? uniqueRules[pg.constraint] : undefined;
      if (rule) return new AppError(409, `${rule.field} ${rule.message}`, [rule]);
      return fromUnique(pg.detail ?? '');
    }
    case '23503':
      return fromForeignKey(pg.detail ?? '');
    case '23514':
    case '23502':
      return badRequest('A value breaks a rule of the data.');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return badRequest('A value has the wrong form or is out of range.');
    case '40001':
    case '40P01':
    case '55P03':
      return conflict('Someone else changed this at the same moment. Try again.');
    case '57P01':
    case '57P02':
    case '57P03':
    case '08000':
    case '08003':
    case '08006':
      return new AppError(503, DATABASE_AWAY);
    case '57014':
    case '25P03':
      return new AppError(503, 'The database took too long to answer. Try again in a moment.');
    default:
      return null;
  }
}
