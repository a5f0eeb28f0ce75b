import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DriverPayModel, MileagePay, PayBasis } from '@cabdesk/pay-engine';
import {
  MONEY,
  moneyText,
  moneyToMinor,
  type MoneyText,
  type NumberValue,
  numOr,
  peaksToValues,
  type PeakValues,
  stepValues,
  type StepValues,
  toPeaks,
  toSteps,
} from '../../ui/rules/values';

/**
 * The parts of a pay model the web edits, as their forms hold them: the engine's shape (so the
 * contract's errors land on their fields), money as typed text. Each part is saved through
 * DriverPayment/Update with that part alone: a new version.
 */

export type PayModelDetail = CallOutput<'DriverPayment/GetDriverPaymentID'>;

/** The fields whose typed text is not an amount, each with the message. */
export const notAmount = (values: Record<string, string>, message: string) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, text]) => text.trim() !== '' && !MONEY.test(text))
      .map(([path]) => [path, message]),
  );

export type BasisValues = {
  basis: PayBasis;
  commission: { cashPercent: string; cardPercent: string; accountPercent: string };
  fixedPerJob: MoneyText;
  hourly: { ratePerHour: MoneyText; minimumMinutes: NumberValue };
};

export function basisValues(rules: DriverPayModel | null): BasisValues {
  return {
    basis: rules?.basis ?? 'commission',
    commission: {
      cashPercent: rules?.commission?.cashPercent ?? '',
      cardPercent: rules?.commission?.cardPercent ?? '',
      accountPercent: rules?.commission?.accountPercent ?? '',
    },
    fixedPerJob: moneyText(rules?.fixedPerJob),
    hourly: {
      ratePerHour: moneyText(rules?.hourly?.ratePerHour),
      minimumMinutes: rules?.hourly?.minimumMinutes ?? '',
    },
  };
}

const filled = (c: BasisValues['commission']) => c.cashPercent || c.cardPercent || c.accountPercent;

/** Only what the basis needs, and the commission when one is typed (an override may still use it). */
export function toBasisInput(v: BasisValues, id: number): CallInput<'DriverPayment/Update'> {
  return {
    DriverPaymentID: id,
    basis: v.basis,
    commission:
      v.basis === 'commission' || filled(v.commission)
        ? {
            cashPercent: v.commission.cashPercent.trim(),
            cardPercent: v.commission.cardPercent.trim(),
            accountPercent: v.commission.accountPercent.trim(),
          }
        : null,
    fixedPerJob: v.basis === 'fixed' || v.fixedPerJob.trim() ? moneyToMinor(v.fixedPerJob) : null,
    hourly:
      v.basis === 'hourly' || v.hourly.ratePerHour.trim()
        ? { ratePerHour: moneyToMinor(v.hourly.ratePerHour), minimumMinutes: numOr(v.hourly.minimumMinutes, 0) }
        : null,
  };
}

export type CarValues = { perJob: MoneyText; steps: StepValues[] };
export type MileageValues = { mileage: { ownCar: CarValues; companyCar: CarValues } };

export const carValues = (pay: MileagePay | undefined): CarValues => ({
  perJob: moneyText(pay?.perJob ?? 0),
  steps: pay ? stepValues(pay.steps) : [{ fromKm: 0, toKm: '', ratePerKm: '' }],
});

export function mileageValues(rules: DriverPayModel | null): MileageValues {
  return { mileage: { ownCar: carValues(rules?.mileage?.ownCar), companyCar: carValues(rules?.mileage?.companyCar) } };
}

export const toCar = (v: CarValues) => ({ perJob: moneyToMinor(v.perJob), steps: toSteps(v.steps) });

/** The money typed for the bands of both cars, by path. */
export const mileageMoney = (v: MileageValues): Record<string, string> =>
  Object.fromEntries(
    (['ownCar', 'companyCar'] as const).flatMap((car) => [
      [`mileage.${car}.perJob`, v.mileage[car].perJob],
      ...v.mileage[car].steps.map((s, i) => [`mileage.${car}.steps.${i}.ratePerKm`, s.ratePerKm]),
    ]),
  );

export function toMileageInput(v: MileageValues, id: number): CallInput<'DriverPayment/Update'> {
  return { DriverPaymentID: id, mileage: { ownCar: toCar(v.mileage.ownCar), companyCar: toCar(v.mileage.companyCar) } };
}

export function peakFormValues(rules: DriverPayModel | null): PeakValues {
  return peaksToValues({ peakTimes: rules?.peakTimes ?? [], peakPeriods: rules?.peakPeriods ?? [] });
}

/** Peak times and periods go in one change: one new version. */
export function toPeaksInput(v: PeakValues, id: number): CallInput<'DriverPayment/Update'> {
  return { DriverPaymentID: id, ...toPeaks(v) };
}
