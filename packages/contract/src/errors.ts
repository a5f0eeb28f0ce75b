import { z } from 'zod';

/**
 * A field the server refuses. `field` is the payload path and `rule` the rule in the contract's
 * words (both for programs); `message` says it to people, in the form's words ("Pick-up time must
 * not be in the past (tick Back entry to enter a past job)"). Errors made before `rule` existed
 * carry the rule in `message` and no `rule`.
 */
export interface FieldError {
  field: string;
  message: string;
  rule?: string;
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

/** Fields whose people name is not their payload name made readable. */
const fieldWords: Record<string, string> = {
  pickupAt: 'Pick-up time',
  isBackEntry: 'Back entry',
  isAsap: 'As soon as possible',
  hireMinutes: 'Hire duration',
  priceMinor: 'Price',
  amountMinor: 'Amount',
  email: 'E-mail',
  lat: 'Latitude',
  lng: 'Longitude',
  q: 'Search',
  perPage: 'Rows per page',
  sortColumn: 'Sort column',
  sortType: 'Sort order',
  '(body)': 'The request',
};

/** "vehicleTypeId" → "Vehicle type", "stops.1.address" → "Stop 2 address": a payload path in words. */
export function fieldLabel(path: string): string {
  const whole = fieldWords[path];
  if (whole) return whole;
  const parts = path.split('.');
  const words: string[] = [];
  parts.forEach((part, i) => {
    if (/^\d+$/.test(part)) {
      words.push(String(Number(part) + 1));
      return;
    }
    const next = parts[i + 1];
    let name =
      fieldWords[part]?.toLowerCase() ??
      part
        .replace(/Id$|ID$|Ids$|Minor$|Bp$/, (end) => (end === 'Ids' ? 's' : ''))
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/_/g, ' ')
        .toLowerCase();
    // An item of a list: "stops.1" is stop 2.
    if (next !== undefined && /^\d+$/.test(next)) name = name.replace(/ies$/, 'y').replace(/s$/, '');
    words.push(name);
  });
  const text = words.join(' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A field error with its people message: the field's name in words and the rule, or `say` when the
 * rule itself speaks in payload names ("office staff may tick isBackEntry"); a rule that is already a
 * sentence for people (a capital first, a full stop last) is kept as it is.
 */
export function peopleError(field: string, rule: string, say?: string): FieldError {
  const words = say ?? rule;
  // A rule written as a whole sentence for people ("We could not find …") is its own message.
  const sentence = /^[A-Z]/.test(words) && /[.!?]$/.test(words.trim());
  return { field, message: sentence ? words : `${fieldLabel(field)} ${words}`, rule };
}

/** Field errors made before `rule` existed (the rule in `message`) get their people message. */
export function inPeopleWords(errors: FieldError[]): FieldError[] {
  return errors.map((e) => (e.rule === undefined ? peopleError(e.field, e.message) : e));
}

/** The field errors in one sentence: their people messages, or "field rule" for errors without one. */
export function describeFieldErrors(errors: FieldError[]): string {
  return errors
    .map((e) => (e.rule !== undefined || e.field === '(body)' ? e.message : `${e.field} ${e.message}`))
    .join('; ');
}
