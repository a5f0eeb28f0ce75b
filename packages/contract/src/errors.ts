import { z } from 'zod';

/** The failure body of every call: HTTP status mirrored in `code`, a sentence, and field errors. */
export interface FieldError {
  field: string;
  message: string;
}

export interface Failure {
  code: number;
  message: string;
  errors?: FieldError[];
  /** A 409 over a row's state says what the row is now, so the caller can recover. */
  currentStatus?: string;
  version?: number;
  paymentStatus?: string;
  cancelledAt?: string;
  holder?: unknown;
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Plain-language messages, the same on the server (400 bodies) and in the web forms. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${typeNames[issue.expected] ?? issue.expected}`;
    }
    if (issue.code === 'unrecognized_keys') return `has unknown fields: ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_value') return `must be one of: ${issue.values.map(String).join(', ')}`;
    return undefined;
  },
});

export function fieldOf(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(body)';
}

/** Turns zod issues into field errors, keeping one message per field. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

export function describeFieldErrors(errors: FieldError[]): string {
  return errors.map((e) => (e.field === '(body)' ? e.message : `${e.field} ${e.message}`)).join('; ');
}
