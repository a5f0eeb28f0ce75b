import type { z } from 'zod';

/** One refused field: its path as the caller sent it (`mileageSteps.2.fromKm`) and why. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Rules or a journey the engine cannot price with. `errors` names every field; `field` is the first.
 * The server turns it into a 400 naming the fields (it is the caller's mistake, never a 500).
 */
export class PricingInputError extends Error {
  readonly errors: FieldError[];
  readonly field: string;

  constructor(message: string, errors: FieldError[]) {
    const first = errors[0];
    super(first ? `${message}: ${first.field} ${first.message}` : message);
    this.name = 'PricingInputError';
    this.errors = errors;
    this.field = first?.field ?? '';
  }

  static fromZod(error: z.ZodError, message: string, prefix = ''): PricingInputError {
    return new PricingInputError(
      message,
      error.issues.map((issue) => ({
        field: prefix + issue.path.map(String).join('.'),
        message: issue.message,
      })),
    );
  }

  static field(field: string, message: string): PricingInputError {
    return new PricingInputError('the journey cannot be priced', [{ field, message }]);
  }
}
