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

/** Database errors a caller can provoke become 4xx answers; anything else stays a 500. */
export function fromDatabaseError(error: unknown): AppError | null {
  // Drizzle wraps driver errors; the PostgreSQL error is the cause.
  const cause = (error as { cause?: unknown })?.cause;
  const pg = isPgError(error) ? error : isPgError(cause) ? cause : null;
  if (!pg) return null;
  switch (pg.code) {
    case '23505': {
      const rule = pg.constraint ? uniqueRules[pg.constraint] : undefined;
      if (rule) return new AppError(409, `${rule.field} ${rule.message}`, [rule]);
      return conflict('A row with the same values already exists.');
    }
    case '23503':
      return badRequest('A referenced row does not exist in your company, or is still in use.');
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
    default:
      return null;
  }
}
