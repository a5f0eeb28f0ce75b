import { fieldErrors } from '@cabdesk/contract';
import type { z } from 'zod';

/** Validates a Mantine form with the contract's schema: the same rules and words as the server. */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
  };
}
