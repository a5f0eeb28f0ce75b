import type { FieldError } from '@cabdesk/contract';

/** A failed call: the HTTP status, the server's message and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** Field errors keyed by field, for a form. */
  get byField(): Record<string, string> {
    return Object.fromEntries(this.errors.map((e) => [e.field, e.message]));
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The server cannot be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}
