import type { Failure, FieldError } from '@cabdesk/contract';

/** An error the caller caused or should know about; the router answers it as written. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): Failure & Record<string, unknown> {
    return {
      code: this.status,
      message: this.message,
      ...(this.errors?.length ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);

/** A 400 naming one field and its rule, e.g. fieldError('pickupAt', 'must be in the future'). */
export const fieldError = (field: string, message: string) =>
  new AppError(400, `${field} ${message}`, [{ field, message }]);

export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'Your role does not allow this.') => new AppError(403, message);

/** Also the answer for another company's rows: they do not exist for this caller. */
export const notFound = (what: string) => new AppError(404, `${what} was not found.`);

export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, undefined, extra);

export const tooManyRequests = (message: string) => new AppError(429, message);
export const notImplemented = (name: string) => new AppError(501, `${name} is not implemented yet.`);
