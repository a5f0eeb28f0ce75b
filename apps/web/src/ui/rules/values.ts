import type { PeakPeriod, PeakTime } from '@cabdesk/fare-engine';
import { fromMinor, toMinor } from '../format';

/**
 * Mileage bands and peaks as the rule editors hold them (the tariffs' and the driver pay models'):
 * the engine's shape, so the contract's errors (`peakTimes.1.from`) land on their fields, except that
 * money is the text a person types in major units ("12.50") and numbers being typed may be empty.
 */

/** Money as typed, in major units of the company currency. */
export type MoneyText = string;
/** A number field's value: empty while nothing is typed. */
export type NumberValue = number | '';

export type StepValues = { fromKm: NumberValue; toKm: NumberValue; ratePerKm: MoneyText };

export type Charge = 'multiplier' | 'surcharge';

export type PeakTimeValues = {
  id: number;
  name: string;
  weekdays: string[];
  from: string;
  to: string;
  charge: Charge;
  multiplier: string;
  surcharge: MoneyText;
};

export type PeakPeriodValues = Omit<PeakTimeValues, 'weekdays'>;

/** What a form with peaks holds; the peak editor adds and removes rows of these two lists. */
export type PeakValues = {
  peakTimes: PeakTimeValues[];
  peakPeriods: PeakPeriodValues[];
};

export const MONEY = /^\s*\d+([.,]\d{0,2})?\s*$/;

/** Typed money to minor units; text that is not an amount becomes NaN so the rule names the field. */
export function moneyToMinor(text: MoneyText): number {
  if (text.trim() === '') return 0;
  return MONEY.test(text) ? toMinor(text) : Number.NaN;
}

export const moneyText = (minor: number | null | undefined): MoneyText => (minor == null ? '' : fromMinor(minor));
export const num = (value: NumberValue): number => (value === '' ? Number.NaN : value);
export const numOr = (value: NumberValue, empty: number): number => (value === '' ? empty : value);

export function stepValues(
  steps: readonly { fromKm: number; toKm?: number | null; ratePerKm: number }[],
): StepValues[] {
  return steps.map((s) => ({ fromKm: s.fromKm, toKm: s.toKm ?? '', ratePerKm: moneyText(s.ratePerKm) }));
}

/** The engine's bands; the last band's empty "to" means no end. */
export function toSteps(steps: StepValues[]) {
  return steps.map((s) => ({
    fromKm: num(s.fromKm),
    toKm: s.toKm === '' ? null : s.toKm,
    ratePerKm: moneyToMinor(s.ratePerKm),
  }));
}

function peakValues(p: PeakTime | PeakPeriod) {
  return {
    id: p.id,
    name: p.name,
    from: p.from,
    to: p.to,
    charge: (p.surcharge != null ? 'surcharge' : 'multiplier') as Charge,
    multiplier: p.multiplier ?? '',
    surcharge: moneyText(p.surcharge),
  };
}

function toCharge(p: { charge: Charge; multiplier: string; surcharge: MoneyText }) {
  return p.charge === 'multiplier'
    ? { multiplier: p.multiplier.trim(), surcharge: null }
    : { multiplier: null, surcharge: p.surcharge.trim() === '' ? Number.NaN : moneyToMinor(p.surcharge) };
}

/** The editor's peaks for the engine's. */
export function peaksToValues(peaks: {
  peakTimes: readonly PeakTime[];
  peakPeriods: readonly PeakPeriod[];
}): PeakValues {
  return {
    peakTimes: peaks.peakTimes.map((p) => ({ ...peakValues(p), weekdays: p.weekdays.map(String) })),
    peakPeriods: peaks.peakPeriods.map(peakValues),
  };
}

/** The engine's peaks for the editor's. */
export function toPeaks(v: PeakValues) {
  return {
    peakTimes: v.peakTimes.map((p) => ({
      id: p.id,
      name: p.name,
      weekdays: p.weekdays.map(Number).sort((a, b) => a - b),
      from: p.from,
      to: p.to,
      ...toCharge(p),
    })),
    peakPeriods: v.peakPeriods.map((p) => ({ id: p.id, name: p.name, from: p.from, to: p.to, ...toCharge(p) })),
  };
}

/** The surcharges typed that are not amounts, by their path. */
export function peakMoneyErrors(v: PeakValues, message: string): Record<string, string> {
  const errors: Record<string, string> = {};
  [
    ...v.peakTimes.map((p, i) => [`peakTimes.${i}`, p] as const),
    ...v.peakPeriods.map((p, i) => [`peakPeriods.${i}`, p] as const),
  ].forEach(([path, p]) => {
    if (p.charge === 'surcharge' && p.surcharge.trim() !== '' && !MONEY.test(p.surcharge)) {
      errors[`${path}.surcharge`] = message;
    }
  });
  return errors;
}

/** The next id for a new peak among the ones the form has. */
export function nextPeakId(values: PeakValues): number {
  return Math.max(0, ...values.peakTimes.map((p) => p.id), ...values.peakPeriods.map((p) => p.id)) + 1;
}

/**
 * The bands with one more at the end: an open-ended last band is closed 10 km after it starts and
 * the new one starts there, keeping its rate; the new band is open-ended.
 */
export function addStep(steps: StepValues[]): StepValues[] {
  const last = steps.at(-1);
  if (!last) return [{ fromKm: 0, toKm: '', ratePerKm: '' }];
  const end = last.toKm !== '' ? last.toKm : last.fromKm !== '' ? last.fromKm + 10 : '';
  return [...steps.slice(0, -1), { ...last, toKm: end }, { fromKm: end, toKm: '', ratePerKm: last.ratePerKm }];
}

/** The bands with one moved up (-1) or down (+1). */
export function moveStep<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}
