import { divideRounded, multiply, multiplyDivide, type RoundingMode } from '@cabdesk/money';
import type { CompiledCommission, CompiledMileage } from './compile';
import { kmText } from './money-text';
import type { PayItem } from './pay-types';
import type { PayJob } from './schemas';

/*
 * The lines each way of paying a job gives. pay-for-job.ts decides which way pays (precedence) and
 * adds the peak; these only make the lines, each rounded once through the money module.
 */

export interface Pricing {
  mode: RoundingMode;
  money: (minor: number) => string;
}

/**
 * The fare, then the office's commission as a negative line: together the driver's share,
 * fare × (100 − commission) / 100 rounded once (so a commission of 0 pays the fare, of 100 nothing).
 */
export function commissionItems(job: PayJob, c: CompiledCommission, where: string, p: Pricing): PayItem[] {
  const pay = multiply(job.fare, c.share, p.mode);
  return [
    { code: 'fare', label: 'Fare', amount: job.fare, detail: `${job.paymentMethod} job` },
    {
      code: 'commission',
      label: 'Commission',
      amount: pay - job.fare,
      detail: `${c.percent}% of ${p.money(job.fare)} kept by the office (${where})`,
    },
  ];
}

/** The bands' sum of rate × metres in bigint, for the distances and rates whose product passes 2^53. */
function bandsExactly(bands: CompiledMileage['bands'], distance: number): bigint {
  let total = 0n;
  for (const band of bands) {
    const to = Math.min(band.to, distance);
    if (to > band.from) total += BigInt(to - band.from) * BigInt(band.ratePerKm);
  }
  return total;
}

/** Per-km pay by the bands on the job's distance (each band its own rate), then the amount per job. */
export function mileageItems(job: PayJob, m: CompiledMileage, where: string, p: Pricing): PayItem[] {
  const distance = Math.round(job.distanceKm * 1000);
  let numerator = 0;
  const parts: string[] = [];
  for (const band of m.bands) {
    const to = Math.min(band.to, distance);
    if (to <= band.from) continue;
    numerator += (to - band.from) * band.ratePerKm;
    parts.push(`${kmText(band.from)}–${kmText(to)} km at ${p.money(band.ratePerKm)}/km`);
  }
  const items: PayItem[] = [
    {
      code: 'mileage',
      label: 'Mileage',
      amount: divideRounded(
        Number.isSafeInteger(numerator) ? numerator : bandsExactly(m.bands, distance),
        1000,
        p.mode,
      ),
      detail: `${kmText(distance)} km${parts.length ? `: ${parts.join(', ')}` : ', within no band'} (${where})`,
    },
  ];
  if (m.perJob) {
    items.push({ code: 'perJob', label: 'Per job', amount: m.perJob, detail: `paid on every job (${where})` });
  }
  return items;
}

export function fixedItem(amount: number, where: string): PayItem {
  return { code: 'fixed', label: 'Fixed pay', amount, detail: where };
}

/** The rate per hour for the job's minutes, or for the minimum when the job was shorter. */
export function hourlyItem(job: PayJob, rate: number, minimum: number, p: Pricing): PayItem {
  const paid = Math.max(job.durationMinutes, minimum);
  const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
  return {
    code: 'hourly',
    label: 'Hourly pay',
    amount: multiplyDivide(paid, rate, 60, p.mode),
    detail: `${hours(paid)} h at ${p.money(rate)}/h${
      paid > job.durationMinutes ? ` (${hours(job.durationMinutes)} h driven, the minimum is ${hours(minimum)} h)` : ''
    }`,
  };
}
