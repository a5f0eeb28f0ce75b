import { fieldErrors } from '@cabdesk/contract';
import { fromMinor, toMinor } from '../../ui/format';
import type { AnyRow, FieldDef, FormValues, RegisterDefinition } from './register-types';

/** Money and percentages as a person types them: digits, at most two decimals. */
const DECIMAL = /^-?\d+([.,]\d{0,2})?$/;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A stored percentage in basis points (1250) as typed text (12.5). */
export function bpToPercentText(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '';
  return fromMinor(bp).replace(/\.?0+$/, '');
}

function initialOf(field: FieldDef): unknown {
  if (field.initial !== undefined) return field.initial;
  switch (field.kind) {
    case 'switch':
      return false;
    case 'polygon':
      return [];
    case 'text':
    case 'textarea':
    case 'money':
    case 'percent':
    case 'number':
      return '';
    default:
      return null;
  }
}

/** The form's values for a row (or for a new one): minor units become whole units, bp a percentage. */
export function toFormValues(def: Pick<RegisterDefinition, 'fields'>, row: AnyRow | null): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    const stored = row?.[field.name];
    const has = row !== null && stored !== undefined && stored !== null;
    switch (field.kind) {
      case 'money':
        values[field.name] = has ? fromMinor(stored as number) : initialOf(field);
        break;
      case 'percent':
        values[field.name] = has ? bpToPercentText(stored as number) : initialOf(field);
        break;
      case 'dateRange':
        values[field.name] = has ? stored : null;
        values[field.end] = row?.[field.end] ?? null;
        break;
      case 'point':
        values[field.name] = has ? stored : null;
        values[field.lng] = row?.[field.lng] ?? null;
        break;
      case 'polygon':
        values[field.name] = has ? (stored as [number, number][]).map(([a, b]) => [a, b]) : [];
        break;
      default:
        values[field.name] = has ? stored : initialOf(field);
    }
  }
  return values;
}

const visible = (field: FieldDef, values: FormValues) => !field.showIf || field.showIf(values);

/**
 * What the server is sent: empty optional inputs are left out (the server stores "none"), money and
 * percentages become whole minor units / basis points, hidden fields are not sent.
 */
export function toPayload(def: Pick<RegisterDefinition, 'fields'>, values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (!blank(value)) payload[key] = value;
  };
  for (const field of def.fields) {
    if (!visible(field, values)) continue;
    const value = values[field.name];
    switch (field.kind) {
      case 'text':
      case 'textarea':
        // Text is always sent, so clearing a description on an update clears it on the server.
        payload[field.name] = typeof value === 'string' ? value : '';
        break;
      case 'money':
      case 'percent':
        if (!blank(value) && DECIMAL.test(String(value).trim())) payload[field.name] = toMinor(String(value));
        else put(field.name, value);
        break;
      case 'number':
        put(field.name, blank(value) ? undefined : Number(value));
        break;
      case 'dateRange':
        put(field.name, value);
        put(field.end, values[field.end]);
        break;
      case 'point':
        put(field.name, blank(value) ? undefined : Number(value));
        put(field.lng, blank(values[field.lng]) ? undefined : Number(values[field.lng]));
        break;
      case 'switch':
        payload[field.name] = Boolean(value);
        break;
      default:
        put(field.name, value);
    }
  }
  return payload;
}

/**
 * Validation as you type: money and percentages must look like amounts, then the contract's own
 * schema judges the payload, with the server's words.
 */
export function validateForm(
  def: Pick<RegisterDefinition, 'fields' | 'schema'>,
  values: FormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of def.fields) {
    if (!visible(field, values)) continue;
    if ((field.kind === 'money' || field.kind === 'percent') && !blank(values[field.name])) {
      if (!DECIMAL.test(String(values[field.name]).trim())) {
        errors[field.name] = field.kind === 'money' ? 'must be an amount like 12.50' : 'must be a percentage like 12.5';
      }
    }
  }
  const result = def.schema.safeParse(toPayload(def, values));
  if (!result.success) {
    for (const e of fieldErrors(result.error)) errors[e.field] ??= e.message;
  }
  return errors;
}

/** Spec 000 §4–5: a create, update or delete counts as saved only when it answers code 200. */
export function isSaved(response: unknown): boolean {
  return typeof response === 'object' && response !== null && (response as { code?: unknown }).code === 200;
}

/** The error of a field, including errors of its parts (polygon.3.0, endDate). */
export function errorOf(errors: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const own = errors[name];
    if (own) return String(own);
    const part = Object.keys(errors).find((k) => k.startsWith(`${name}.`));
    if (part) return `${part.slice(name.length + 1)}: ${String(errors[part])}`;
  }
  return undefined;
}
