import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DeadMileageMode, FixedPriceRow, PricingModel, PricingModelKind, Tariff } from '@cabdesk/fare-engine';

import {
  type Charge,
  type MoneyText,
  moneyText,
  moneyToMinor,
  MONEY,
  num,
  numOr,
  type NumberValue,
  type PeakPeriodValues,
  peaksToValues,
  type PeakTimeValues,
  type StepValues,
  toPeaks,
} from '../../ui/rules/values';

/**
 * A pricing model as its editor holds it. The shape is the engine's model (so the contract's errors,
 * `mileageSteps.2.fromKm`, land on their cells as they are), except that money is the text a person
 * types in major units ("12.50") and numbers being typed may be empty. `toModel` turns it into the
 * engine's model in whole minor units; `toFormValues` the other way.
 */

export type { Charge, MoneyText, NumberValue, PeakPeriodValues, PeakTimeValues, StepValues };
export { addStep, moneyToMinor, moveStep } from '../../ui/rules/values';

export type TariffValues = {
  baseFare: MoneyText;
  includedKm: NumberValue;
  mileageSteps: StepValues[];
  ratePerMinute: MoneyText;
  waiting: { graceMinutes: NumberValue; airportGraceMinutes: NumberValue; ratePerMinute: MoneyText };
  minimumFare: MoneyText;
  deadMileage: { mode: DeadMileageMode; ratePerKm: MoneyText; freeKm: NumberValue };
};

export type VehicleRowValues = {
  vehicleTypeId: number | null;
  use: 'multiplier' | 'tariff';
  multiplier: string;
  tariff: TariffValues;
};

export type RouteValues = {
  fromZoneId: number;
  toZoneId: number;
  reverseAlsoMatches: boolean;
  price: MoneyText;
  /** A route priced by a tariff is kept as it came (the grid edits prices). */
  tariff: Tariff | null;
};

export type HourlyRowValues = { vehicleTypeId: number | null; ratePerHour: MoneyText; minimumHours: NumberValue };

export type ModelFormValues = TariffValues & {
  kind: PricingModelKind;
  name: string;
  isDefault: boolean;
  isActive: boolean;
  /** vehicle: the standard tariff the rows multiply, and the rows. */
  standard: TariffValues;
  vehicles: VehicleRowValues[];
  /** zone */
  routes: RouteValues[];
  /** hourly */
  ratePerHour: MoneyText;
  minimumHours: NumberValue;
  hourlyVehicles: HourlyRowValues[];
  /** fixed: the rows are edited on the fixed-prices screen and kept as they are here. */
  rows: FixedPriceRow[];
  peakTimes: PeakTimeValues[];
  peakPeriods: PeakPeriodValues[];
};

export type ModelDetail = CallOutput<'Pricing/GetPricingModelByID'>;

export function emptyTariff(): TariffValues {
  return {
    baseFare: '',
    includedKm: 0,
    mileageSteps: [],
    ratePerMinute: '',
    waiting: { graceMinutes: 0, airportGraceMinutes: 0, ratePerMinute: '' },
    minimumFare: '',
    deadMileage: { mode: 'none', ratePerKm: '', freeKm: 0 },
  };
}

/** A new model of a kind: the standard kind starts with one open-ended band. */
export function newModelValues(kind: PricingModelKind): ModelFormValues {
  const tariff = emptyTariff();
  if (kind === 'standard') tariff.mileageSteps = [{ fromKm: 0, toKm: '', ratePerKm: '' }];
  return {
    ...tariff,
    kind,
    name: '',
    isDefault: false,
    isActive: true,
    standard: { ...emptyTariff(), mileageSteps: [{ fromKm: 0, toKm: '', ratePerKm: '' }] },
    vehicles: [],
    routes: [],
    ratePerHour: '',
    minimumHours: 0,
    hourlyVehicles: [],
    rows: [],
    peakTimes: [],
    peakPeriods: [],
  };
}

export function tariffValues(t: Tariff): TariffValues {
  return {
    baseFare: moneyText(t.baseFare),
    includedKm: t.includedKm,
    mileageSteps: t.mileageSteps.map((s) => ({
      fromKm: s.fromKm,
      toKm: s.toKm ?? '',
      ratePerKm: moneyText(s.ratePerKm),
    })),
    ratePerMinute: moneyText(t.ratePerMinute),
    waiting: {
      graceMinutes: t.waiting?.graceMinutes ?? 0,
      airportGraceMinutes: t.waiting?.airportGraceMinutes ?? 0,
      ratePerMinute: moneyText(t.waiting?.ratePerMinute ?? 0),
    },
    minimumFare: moneyText(t.minimumFare),
    deadMileage: {
      mode: t.deadMileage?.mode ?? 'none',
      ratePerKm: moneyText(t.deadMileage?.ratePerKm ?? 0),
      freeKm: t.deadMileage?.freeKm ?? 0,
    },
  };
}

export function toTariff(v: TariffValues): Tariff {
  const waitingRate = moneyToMinor(v.waiting.ratePerMinute);
  const noWaiting = v.waiting.graceMinutes === 0 && v.waiting.airportGraceMinutes === 0 && waitingRate === 0;
  return {
    baseFare: moneyToMinor(v.baseFare),
    includedKm: numOr(v.includedKm, 0),
    mileageSteps: v.mileageSteps.map((s) => ({
      fromKm: num(s.fromKm),
      toKm: s.toKm === '' ? null : s.toKm,
      ratePerKm: moneyToMinor(s.ratePerKm),
    })),
    ratePerMinute: moneyToMinor(v.ratePerMinute),
    waiting: noWaiting
      ? null
      : {
          graceMinutes: numOr(v.waiting.graceMinutes, 0),
          airportGraceMinutes: numOr(v.waiting.airportGraceMinutes, 0),
          ratePerMinute: waitingRate,
        },
    minimumFare: moneyToMinor(v.minimumFare),
    deadMileage:
      v.deadMileage.mode === 'none'
        ? null
        : {
            mode: v.deadMileage.mode,
            ratePerKm: moneyToMinor(v.deadMileage.ratePerKm),
            freeKm: numOr(v.deadMileage.freeKm, 0),
          },
  };
}

/** The form's values for a model as the server answered it. */
export function toFormValues(
  detail: Pick<ModelDetail, 'name' | 'isDefault' | 'isActive' | 'model'> & { kind: PricingModelKind },
): ModelFormValues {
  const values = newModelValues(detail.kind);
  values.name = detail.name;
  values.isDefault = detail.isDefault;
  values.isActive = detail.isActive;
  const m = detail.model;
  if (!m) return values;
  if (m.kind === 'standard') Object.assign(values, tariffValues(m));
  if (m.kind === 'vehicle') {
    values.standard = tariffValues(m.standard);
    values.vehicles = m.vehicles.map((r) => ({
      vehicleTypeId: r.vehicleTypeId,
      use: r.tariff ? 'tariff' : 'multiplier',
      multiplier: r.multiplier ?? '',
      tariff: r.tariff ? tariffValues(r.tariff) : emptyTariff(),
    }));
  }
  if (m.kind === 'zone') {
    values.routes = m.routes.map((r) => ({
      fromZoneId: r.fromZoneId,
      toZoneId: r.toZoneId,
      reverseAlsoMatches: r.reverseAlsoMatches,
      price: moneyText(r.price),
      tariff: r.tariff ?? null,
    }));
  }
  if (m.kind === 'hourly') {
    values.ratePerHour = moneyText(m.ratePerHour);
    values.minimumHours = m.minimumHours;
    values.hourlyVehicles = m.vehicles.map((r) => ({
      vehicleTypeId: r.vehicleTypeId,
      ratePerHour: moneyText(r.ratePerHour),
      minimumHours: r.minimumHours ?? '',
    }));
  }
  if (m.kind === 'fixed') values.rows = m.rows;
  if (m.kind !== 'fixed') {
    Object.assign(values, peaksToValues(m));
  }
  return values;
}

export type ModelRules = PricingModel extends infer M ? (M extends unknown ? Omit<M, 'id' | 'version'> : never) : never;

/** The engine's model (without id and version) the form stands for. */
export function toModel(v: ModelFormValues): ModelRules {
  const peaks = toPeaks(v);
  const name = v.name;
  switch (v.kind) {
    case 'standard':
      return { kind: 'standard', name, ...toTariff(v), ...peaks };
    case 'vehicle':
      return {
        kind: 'vehicle',
        name,
        standard: toTariff(v.standard),
        vehicles: v.vehicles.map((r) => ({
          vehicleTypeId: r.vehicleTypeId ?? Number.NaN,
          multiplier: r.use === 'multiplier' ? r.multiplier.trim() : null,
          tariff: r.use === 'tariff' ? toTariff(r.tariff) : null,
        })),
        ...peaks,
      };
    case 'zone':
      return {
        kind: 'zone',
        name,
        routes: v.routes.map((r) => ({
          fromZoneId: r.fromZoneId,
          toZoneId: r.toZoneId,
          reverseAlsoMatches: r.reverseAlsoMatches,
          price: r.tariff ? null : r.price.trim() === '' ? Number.NaN : moneyToMinor(r.price),
          tariff: r.tariff,
        })),
        ...peaks,
      };
    case 'hourly':
      return {
        kind: 'hourly',
        name,
        ratePerHour: moneyToMinor(v.ratePerHour),
        minimumHours: numOr(v.minimumHours, 0),
        vehicles: v.hourlyVehicles.map((r) => ({
          vehicleTypeId: r.vehicleTypeId ?? Number.NaN,
          ratePerHour: moneyToMinor(r.ratePerHour),
          minimumHours: r.minimumHours === '' ? null : r.minimumHours,
        })),
        ...peaks,
      };
    case 'fixed':
      return { kind: 'fixed', name, rows: v.rows };
  }
}

export function toCreateInput(v: ModelFormValues): CallInput<'Pricing/Create'> {
  return { ...toModel(v), isDefault: v.isDefault, isActive: v.isActive } as CallInput<'Pricing/Create'>;
}

export function toUpdateInput(v: ModelFormValues, record: { id: number }): CallInput<'Pricing/Update'> {
  return { ...toModel(v), id: record.id, isDefault: v.isDefault, isActive: v.isActive } as CallInput<'Pricing/Update'>;
}

/** Where a path of the model lands in the form: an hourly model's `vehicles` are the form's `hourlyVehicles`. */
export function fieldOfModel(kind: PricingModelKind) {
  return (path: string): string | undefined =>
    kind === 'hourly' && path.startsWith('vehicles') ? path.replace(/^vehicles/, 'hourlyVehicles') : undefined;
}

/** Money typed that is not an amount, by path: the engine would only say "whole number of minor units". */
export function moneyErrors(v: ModelFormValues, message: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (path: string, text: MoneyText) => {
    if (text.trim() !== '' && !MONEY.test(text)) errors[path] = message;
  };
  const tariff = (prefix: string, t: TariffValues) => {
    check(`${prefix}baseFare`, t.baseFare);
    check(`${prefix}ratePerMinute`, t.ratePerMinute);
    check(`${prefix}minimumFare`, t.minimumFare);
    check(`${prefix}waiting.ratePerMinute`, t.waiting.ratePerMinute);
    check(`${prefix}deadMileage.ratePerKm`, t.deadMileage.ratePerKm);
    t.mileageSteps.forEach((s, i) => check(`${prefix}mileageSteps.${i}.ratePerKm`, s.ratePerKm));
  };
  if (v.kind === 'standard') tariff('', v);
  if (v.kind === 'vehicle') {
    tariff('standard.', v.standard);
    v.vehicles.forEach((r, i) => r.use === 'tariff' && tariff(`vehicles.${i}.tariff.`, r.tariff));
  }
  if (v.kind === 'zone') v.routes.forEach((r, i) => check(`routes.${i}.price`, r.price));
  if (v.kind === 'hourly') {
    check('ratePerHour', v.ratePerHour);
    v.hourlyVehicles.forEach((r, i) => check(`hourlyVehicles.${i}.ratePerHour`, r.ratePerHour));
  }
  [
    ...v.peakTimes.map((p, i) => [`peakTimes.${i}`, p] as const),
    ...v.peakPeriods.map((p, i) => [`peakPeriods.${i}`, p] as const),
  ].forEach(([path, p]) => p.charge === 'surcharge' && check(`${path}.surcharge`, p.surcharge));
  return errors;
}
