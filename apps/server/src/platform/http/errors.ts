import { type Failure, type FieldError, inPeopleWords, peopleError } from '@cabdesk/contract';

/** An error the caller caused or should know about; the router answers it as written. */
export class AppError extends Error {
  /** Each with its people message beside the payload path and the rule (docs/api-conventions.md). */
  readonly errors?: FieldError[];

  constructor(
    readonly status: number,
    message: string,
    errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.errors = errors && inPeopleWords(errors);
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

/**
 * A 400 naming one field and its rule, e.g. fieldError('pickupAt', 'must be in the future'); `say`
 * words the rule for people when it speaks in payload names.
 */
export const fieldError = (field: string, rule: string, say?: string) => {
  const error = peopleError(field, rule, say);
  return new AppError(400, error.message, [error]);
};

export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'Your role does not allow this.') => new AppError(403, message);

/** Also the answer for another company's rows: they do not exist for this caller. */
export const notFound = (what: string) => new AppError(404, `${what} was not found.`);

export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, undefined, extra);

export const tooManyRequests = (message: string) => new AppError(429, message);
export const notImplemented = (name: string) => new AppError(501, `${name} is not implemented yet.`);
