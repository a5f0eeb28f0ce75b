import type { appliesTo, Bonus, BonusMeasure, Deduction, deductionKinds, VehicleOverride } from '@cabdesk/pay-engine';
import type { FieldOf } from '../../kit/place-errors';
import { type MoneyText, moneyText, moneyToMinor } from '../../ui/rules/values';

/**
 * The rows of the parts edited one row at a time (vehicle overrides, client rules, bonuses,
 * deductions) as their forms hold them: the engine's field names, so a refusal lands on its field;
 * money as typed text. A call that replaces a whole list is sent the list in force with the one row
 * added, changed or left out.
 */

export type AppliesTo = (typeof appliesTo)[number];
export type DeductionKind = (typeof deductionKinds)[number];

/** The id a new row takes: one more than the largest in its list. */
export const nextId = (rows: readonly { id: number }[]) => Math.max(0, ...rows.map((r) => r.id)) + 1;

/** Typed money that must be there: empty is not an amount, so the schema names the field. */
const requiredMoney = (text: MoneyText) => (text.trim() === '' ? Number.NaN : moneyToMinor(text));

/**
 * A list call's refusal of the row at `at` (`vehicleOverrides.2.fixedPerJob`) on the form's own field
 * (`fixedPerJob`, or under `under`); a refusal of another row or of the list is listed in words.
 */
export const rowFieldOf =
  (part: string, at: number, under = ''): FieldOf =>
  (path) => {
    const prefix = `${part}.${at}.`;
    return path.startsWith(prefix) ? `${under}${path.slice(prefix.length)}` : null;
  };

/** The list with the row at `at` replaced, or added at the end when `at` is past it. */
export const withRow = <T>(rows: readonly T[], at: number, row: T): T[] =>
  at < rows.length ? rows.map((r, i) => (i === at ? row : r)) : [...rows, row];

/* What an override or a client rule pays instead of the basis: a commission or a fixed amount. */

export type PayInsteadValues = {
  appliesTo: AppliesTo;
  pay: 'commission' | 'fixed';
  commissionPercent: string;
  fixedPerJob: MoneyText;
};

type PayInstead = { appliesTo: AppliesTo; commissionPercent?: string | null; fixedPerJob?: number | null };

export function payInsteadValues(rule?: PayInstead): PayInsteadValues {
  return {
    appliesTo: rule?.appliesTo ?? 'all',
    pay: rule?.fixedPerJob != null ? 'fixed' : 'commission',
    commissionPercent: rule?.commissionPercent ?? '',
    fixedPerJob: moneyText(rule?.fixedPerJob),
  };
}

/**
 * Only the one chosen is sent; the other is null, as the engine wants one of the two. A commission
 * not typed yet goes as null, which the engine names on the commission field ("give a commission or
 * a fixed amount"); an empty decimal string would trip the engine's range checks.
 */
export function toPayInstead(v: PayInsteadValues) {
  return {
    appliesTo: v.appliesTo,
    commissionPercent: v.pay === 'commission' ? v.commissionPercent.trim() || null : null,
    fixedPerJob: v.pay === 'fixed' ? requiredMoney(v.fixedPerJob) : null,
  };
}

export type OverrideValues = PayInsteadValues & {
  id: number;
  target: 'vehicle' | 'vehicleType';
  vehicleId: number | null;
  vehicleTypeId: number | null;
};

export function overrideValues(o: VehicleOverride | undefined, id: number): OverrideValues {
  return {
    id: o?.id ?? id,
    target: o?.vehicleTypeId != null ? 'vehicleType' : 'vehicle',
    vehicleId: o?.vehicleId ?? null,
    vehicleTypeId: o?.vehicleTypeId ?? null,
    ...payInsteadValues(o),
  };
}

export function toOverride(v: OverrideValues): VehicleOverride {
  return {
    id: v.id,
    vehicleId: v.target === 'vehicle' ? v.vehicleId : null,
    vehicleTypeId: v.target === 'vehicleType' ? v.vehicleTypeId : null,
    ...toPayInstead(v),
  };
}

export type ClientRuleValues = PayInsteadValues & { ClientId: number | null };

/* Bonuses: a name, what it counts, and its bands (earnings in money, the other measures as numbers). */

export type BandValues = { from: string; to: string; amount: MoneyText };
export type BonusValues = { id: number; name: string; measure: BonusMeasure; bands: BandValues[] };

const measureText = (measure: BonusMeasure, n: number | null | undefined) =>
  n == null ? '' : measure === 'earnings' ? moneyText(n) : String(n);

function measureNumber(measure: BonusMeasure, text: string): number {
  if (text.trim() === '') return Number.NaN;
  return measure === 'earnings' ? moneyToMinor(text) : Number(text.trim().replace(',', '.'));
}

export const emptyBand: BandValues = { from: '0', to: '', amount: '' };

export function bonusValues(b: Bonus | undefined, id: number): BonusValues {
  const measure = b?.measure ?? 'jobs';
  return {
    id: b?.id ?? id,
    name: b?.name ?? '',
    measure,
    bands: b
      ? b.bands.map((band) => ({
          from: measureText(measure, band.from),
          to: measureText(measure, band.to),
          amount: moneyText(band.amount),
        }))
      : [emptyBand],
  };
}

export function toBonus(v: BonusValues): Bonus {
  return {
    id: v.id,
    name: v.name.trim(),
    measure: v.measure,
    bands: v.bands.map((b) => ({
      from: measureNumber(v.measure, b.from),
      to: b.to.trim() === '' ? null : measureNumber(v.measure, b.to),
      amount: requiredMoney(b.amount),
    })),
  };
}

/** The bands' money typed, by path: amounts always, from and to when the bonus counts earnings. */
export function bonusMoney(v: BonusValues): Record<string, string> {
  return Object.fromEntries(
    v.bands.flatMap((b, i) => [
      [`bands.${i}.amount`, b.amount],
      ...(v.measure === 'earnings'
        ? [
            [`bands.${i}.from`, b.from],
            [`bands.${i}.to`, b.to],
          ]
        : []),
    ]),
  );
}

export type DeductionValues = {
  id: number;
  name: string;
  kind: DeductionKind;
  weeklyAmount: MoneyText;
  companyCarOnly: boolean;
};

export function deductionValues(d: Deduction | undefined, id: number): DeductionValues {
  return {
    id: d?.id ?? id,
    name: d?.name ?? '',
    kind: d?.kind ?? 'rent',
    weeklyAmount: moneyText(d?.weeklyAmount),
    companyCarOnly: d?.companyCarOnly ?? false,
  };
}

export function toDeduction(v: DeductionValues): Deduction {
  return {
    id: v.id,
    name: v.name.trim(),
    kind: v.kind,
    weeklyAmount: requiredMoney(v.weeklyAmount),
    companyCarOnly: v.companyCarOnly,
  };
}
