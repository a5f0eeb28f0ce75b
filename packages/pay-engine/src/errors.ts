import { type FieldError, PricingInputError } from '@cabdesk/fare-engine';
import type { z } from 'zod';

/**
 * A job, a model or a statement the pay engine cannot work with. It is a PricingInputError, so the
 * server refuses it as it refuses a journey it cannot price: a 400 naming every field, never a 500.
 */
export class PayInputError extends PricingInputError {
  constructor(message: string, errors: FieldError[]) {
    super(message, errors);
    this.name = 'PayInputError';
  }

  static override fromZod(error: z.ZodError, message: string, prefix = ''): PayInputError {
    return new PayInputError(
      message,
      error.issues.map((issue) => ({ field: prefix + issue.path.map(String).join('.'), message: issue.message })),
    );
  }

  static override field(field: string, message: string, what = 'the pay cannot be worked out'): PayInputError {
    return new PayInputError(what, [{ field, message }]);
  }
}
