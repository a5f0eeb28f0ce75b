import { divideRounded, multiply, multiplyDivide, ratioPlus } from '@cabdesk/money';
import {
  type CompiledModel,
  type CompiledPeak,
  type CompiledRules,
  type CompiledTariff,
  type FixedIndex,
  type IndexedRow,
} from './compile';
import { type LocalTime } from './local-time';
import { type Journey } from './schemas';

import type { Fare, QuoteItem } from './quote-types';

/*
 * How the models price: their components as items, peaks, and the fixed-price and zone look-ups
 * (docs/pricing.md). quote.ts orders them: precedence, peak, minimum, discount, rounding, extras, VAT.
 */

export const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const kmText = (m: number) => String(Math.round(m) / 1000);
export const minutesText = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);
export const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/** The total of some items. */
export function sum(items: readonly QuoteItem[]): number {
  let total = 0;
  for (const item of items) total += item.amount;
  return total;
}

/** Whether a peak covers the pick-up's local time; a window crossing midnight belongs to the day it starts on. */
export function peakMatches(peak: CompiledPeak, local: LocalTime): boolean {
  if (peak.kind === 'peakPeriod') return local.dateTime >= peak.fromText && local.dateTime < peak.toText;
  const today = (peak.days & (1 << local.weekday)) !== 0;
  if (peak.from < peak.to) return today && local.minutes >= peak.from && local.minutes < peak.to;
  const yesterday = (peak.days & (1 << (local.weekday === 1 ? 7 : local.weekday - 1))) !== 0;
  return (today && local.minutes >= peak.from) || (yesterday && local.minutes < peak.to);
}

/** The fare under one model, or why that model does not price this journey. */
export function priceWith(
  model: CompiledModel,
  journey: Journey,
  rules: CompiledRules,
  money: (minor: number) => string,
): Fare | string {
  const hourly = journey.hours != null;
  if (hourly && model.kind !== 'hourly') return `a ${model.kind} model does not price hourly hires`;
  if (!hourly && model.kind === 'hourly') return 'an hourly model prices only hourly hires';
  switch (model.kind) {
    case 'standard':
      return {
        model,
        items: tariffItems(model.tariff, journey, rules, money),
        minimum: model.tariff.minimumFare,
        peaks: model.peaks,
      };
    case 'vehicle': {
      const own = journey.vehicleTypeId != null ? model.vehicles.get(journey.vehicleTypeId) : undefined;
      if (own?.tariff) {
        return {
          model,
          items: tariffItems(own.tariff, journey, rules, money),
          minimum: own.tariff.minimumFare,
          peaks: model.peaks,
        };
      }
      const items = tariffItems(model.standard, journey, rules, money);
      let minimum = model.standard.minimumFare;
      if (own?.multiplier) {
        const mode = rules.rounding.mode;
        const base = sum(items);
        items.push({
          code: 'vehicleType',
          label: 'Vehicle type',
          amount: multiply(base, ratioPlus(own.multiplier, -1), mode),
          detail: `vehicle type ${journey.vehicleTypeId}: ×${own.multiplierText} of the standard rates (${money(base)})`,
        });
        minimum = multiply(minimum, own.multiplier, mode);
      }
      return { model, items, minimum, peaks: model.peaks };
    }
    case 'zone': {
      const found = findZoneRoute(model, journey.pickupZoneIds, journey.dropoffZoneIds);
      if (!found) {
        return `no route from the pick-up's zones [${journey.pickupZoneIds.join(', ')}] to the drop-off's [${journey.dropoffZoneIds.join(', ')}]`;
      }
      const { route, reversed } = found;
      const where = `zone ${reversed ? route.toZoneId : route.fromZoneId} → zone ${reversed ? route.fromZoneId : route.toZoneId}${reversed ? ' (the route the other way round)' : ''}`;
      if (route.price !== null) {
        return {
          model,
          items: [{ code: 'zonePrice', label: 'Zone price', amount: route.price, detail: where }],
          minimum: 0,
          peaks: model.peaks,
        };
      }
      const tariff = route.tariff as CompiledTariff;
      const items = tariffItems(tariff, journey, rules, money);
      for (const item of items) item.detail = item.detail ? `${where}: ${item.detail}` : where;
      return { model, items, minimum: tariff.minimumFare, peaks: model.peaks };
    }
    case 'hourly': {
      const own = journey.vehicleTypeId != null ? model.vehicles.get(journey.vehicleTypeId) : undefined;
      const rate = own?.ratePerHour ?? model.ratePerHour;
      const minimumMinutes = own?.minimumMinutes ?? model.minimumMinutes;
      const booked = Math.round((journey.hours as number) * 60);
      const billed = Math.max(booked, minimumMinutes);
      return {
        model,
        items: [
          {
            code: 'hourly',
            label: 'Hire by the hour',
            amount: multiplyDivide(billed, rate, 60, rules.rounding.mode),
            detail: `${hoursText(billed)} h at ${money(rate)}/h${billed > booked ? ` (${hoursText(booked)} h booked, the minimum is ${hoursText(minimumMinutes)} h)` : ''}`,
          },
        ],
        minimum: 0,
        peaks: model.peaks,
      };
    }
    case 'fixed': {
      const found = findFixedRow(
        model.index,
        journey.pickupLocationKeys,
        journey.dropoffLocationKeys,
        journey.vehicleTypeId ?? null,
      );
      if (!found) {
        return `no row from [${journey.pickupLocationKeys.join(', ')}] to [${journey.dropoffLocationKeys.join(', ')}] for ${
          journey.vehicleTypeId != null ? `vehicle type ${journey.vehicleTypeId}` : 'every vehicle type'
        } among ${model.index.size} rows`;
      }
      const { row, reversed } = found;
      const rowNumber = row.id ?? row.index + 1;
      return {
        model,
        items: [
          {
            code: 'fixedPrice',
            label: 'Fixed price',
            amount: row.price,
            detail: `row ${rowNumber}: ${row.from} → ${row.to}${reversed ? ', matched the other way round' : ''}${
              row.vehicleTypeId != null ? `, vehicle type ${row.vehicleTypeId}` : ', every vehicle type'
            }`,
          },
        ],
        minimum: 0,
        peaks: [],
        fixedRow: rowNumber,
      };
    }
  }
}

/** The items of a distance tariff; a component that comes to nothing is left out (the base fare is always shown). */
export function tariffItems(
  t: CompiledTariff,
  journey: Journey,
  rules: CompiledRules,
  money: (minor: number) => string,
): QuoteItem[] {
  const mode = rules.rounding.mode;
  const items: QuoteItem[] = [
    {
      code: 'base',
      label: 'Base fare',
      amount: t.baseFare,
      detail: t.includedMetres ? `includes the first ${kmText(t.includedMetres)} km` : '',
    },
  ];
  const distance = journey.distanceMetres;
  if (t.bands.length) {
    let numerator = 0;
    const parts: string[] = [];
    for (const band of t.bands) {
      const from = Math.max(band.from, t.includedMetres);
      const to = Math.min(band.to, distance);
      if (to <= from) continue;
      numerator += (to - from) * band.ratePerKm;
      parts.push(`${kmText(from)}–${kmText(to)} km at ${money(band.ratePerKm)}/km`);
    }
    if (parts.length) {
      items.push({
        code: 'distance',
        label: 'Distance',
        amount: divideRounded(Number.isSafeInteger(numerator) ? numerator : bandsExactly(t, distance), 1000, mode),
        detail: `${kmText(distance)} km: ${parts.join(', ')}`,
      });
    }
  }
  if (t.ratePerMinute && journey.durationSeconds) {
    items.push({
      code: 'time',
      label: 'Driving time',
      amount: multiplyDivide(journey.durationSeconds, t.ratePerMinute, 60, mode),
      detail: `${minutesText(journey.durationSeconds)} min at ${money(t.ratePerMinute)}/min`,
    });
  }
  if (t.waiting && journey.waitingSeconds) {
    const grace = journey.isAirportPickup ? t.waiting.airportGraceSeconds : t.waiting.graceSeconds;
    const billable = journey.waitingSeconds - grace;
    if (billable > 0) {
      items.push({
        code: 'waiting',
        label: 'Waiting',
        amount: multiplyDivide(billable, t.waiting.ratePerMinute, 60, mode),
        detail: `${minutesText(journey.waitingSeconds)} min waited, the first ${minutesText(grace)} free${
          journey.isAirportPickup ? ' (airport pick-up)' : ''
        }, ${minutesText(billable)} min at ${money(t.waiting.ratePerMinute)}/min`,
      });
    }
  }
  if (t.deadMileage && journey.deadMileageMetres > t.deadMileage.freeMetres) {
    const charged = journey.deadMileageMetres - t.deadMileage.freeMetres;
    items.push({
      code: 'deadMileage',
      label: 'Dead mileage',
      amount: multiplyDivide(charged, t.deadMileage.ratePerKm, 1000, mode),
      detail: `${kmText(journey.deadMileageMetres)} km from the ${
        t.deadMileage.mode === 'fromBase' ? 'company base' : "vehicle's last drop-off"
      }${t.deadMileage.freeMetres ? `, the first ${kmText(t.deadMileage.freeMetres)} km free` : ''}, ${kmText(charged)} km at ${money(t.deadMileage.ratePerKm)}/km`,
    });
  }
  return items;
}

/** The bands' sum in bigint, for the distances and rates whose product passes 2^53. */
export function bandsExactly(t: CompiledTariff, distance: number): bigint {
  let sum = 0n;
  for (const band of t.bands) {
    const from = Math.max(band.from, t.includedMetres);
    const to = Math.min(band.to, distance);
    if (to > from) sum += BigInt(to - from) * BigInt(band.ratePerKm);
  }
  return sum;
}

export const placeRank = (key: string) => (key.startsWith('location:') ? 0 : key.startsWith('postcode:') ? 1 : 2);

export function bySpecificity(keys: readonly string[]): readonly string[] {
  for (let i = 1; i < keys.length; i++) {
    if (placeRank(keys[i] as string) < placeRank(keys[i - 1] as string)) {
      return [...keys].sort((a, b) => placeRank(a) - placeRank(b));
    }
  }
  return keys;
}

/**
 * The fixed-price row for a journey: the most specific pick-up place first (a known location, then a
 * postcode district, then a zone), then the most specific drop-off; a row for the vehicle type before
 * a row for every type; a row as written before one matched the other way round. Each try is one
 * look-up in the index, so the table's size does not matter.
 */
export function findFixedRow(
  index: FixedIndex,
  pickups: readonly string[],
  dropoffs: readonly string[],
  vehicleTypeId: number | null,
): { row: IndexedRow; reversed: boolean } | null {
  const from = bySpecificity(pickups);
  const to = bySpecificity(dropoffs);
  for (const p of from) {
    const forward = index.forward.get(p);
    const reverse = index.reverse.get(p);
    if (!forward && !reverse) continue;
    for (const d of to) {
      const pair = forward?.get(d);
      const row = pair && ((vehicleTypeId !== null && pair.byVehicleType.get(vehicleTypeId)) || pair.any);
      if (row) return { row, reversed: false };
      const back = reverse?.get(d);
      const backRow = back && ((vehicleTypeId !== null && back.byVehicleType.get(vehicleTypeId)) || back.any);
      if (backRow) return { row: backRow, reversed: true };
    }
  }
  return null;
}

export function findZoneRoute(
  model: Extract<CompiledModel, { kind: 'zone' }>,
  pickups: readonly number[],
  dropoffs: readonly number[],
) {
  for (const p of pickups) {
    for (const d of dropoffs) {
      const key = `${p}|${d}`;
      const route = model.routes.get(key);
      if (route) return { route, reversed: false };
      const back = model.reverse.get(key);
      if (back) return { route: back, reversed: true };
    }
  }
  return null;
}
