import { type PricingModelKind, pricingModelKinds } from '@cabdesk/fare-engine';

/** The spec's modes against the engine's kinds (`mileage` is the standard distance model). */
const kindOfMode: Record<string, PricingModelKind> = {
  mileage: 'standard',
  zone: 'zone',
  vehicle: 'vehicle',
  fixed: 'fixed',
  hourly: 'hourly',
};

export const modeOfKind: Record<PricingModelKind, string> = {
  standard: 'mileage',
  zone: 'zone',
  vehicle: 'vehicle',
  fixed: 'fixed',
  hourly: 'hourly',
};

export function kindOf(row: { kind: PricingModelKind | null; mode: string }): PricingModelKind {
  return row.kind ?? kindOfMode[row.mode] ?? 'standard';
}

/** The kinds a new model can be made of here (fixed-price tables have their own screen). */
export const editableKinds = pricingModelKinds.filter((k) => k !== 'fixed');

export function isKind(text: string | null): text is PricingModelKind {
  return text !== null && (pricingModelKinds as readonly string[]).includes(text);
}
