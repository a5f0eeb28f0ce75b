import { type CompiledPeak, type LocalTime, peakMatches } from '@cabdesk/fare-engine';
import { multiply, ratioPlus } from '@cabdesk/money';
import type { CompiledPayModel } from './compile';
import type { Pricing } from './basis-items';
import type { PayConsidered, PayItem } from './pay-types';

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Step 4: one peak at most on the pick-up's local time. A peak period covering it wins over a peak
 * time (a model's periods never overlap each other, nor its times each other, so at most one of each
 * matches). A multiplier multiplies the pay so far, a surcharge adds to it.
 */
export function peakItem(
  model: CompiledPayModel,
  local: LocalTime,
  pay: number,
  p: Pricing,
  considered: PayConsidered[],
  unpaid: string | null,
): PayItem | null {
  const when = `${DAY_NAMES[local.weekday]} ${local.dateTime.replace('T', ' ')}`;
  let applied: CompiledPeak | null = null;
  for (const peak of [...model.peakPeriods, ...model.peakTimes]) {
    const covers = peakMatches(peak, local);
    let why: string;
    if (!covers) why = `${when} is outside ${peak.window}`;
    else if (unpaid) why = `${when} is within ${peak.window}, but ${unpaid}`;
    else if (applied) why = `${when} is within ${peak.window}, but the peak period ${applied.name} applies first`;
    else {
      applied = peak;
      why = `applies: ${when} is within ${peak.window}`;
    }
    considered.push({ kind: peak.kind, id: peak.id, matched: covers, why });
  }
  if (!applied) return null;
  if (applied.multiplier) {
    return {
      code: 'peak',
      label: applied.name,
      amount: multiply(pay, ratioPlus(applied.multiplier, -1), p.mode),
      detail: `×${applied.multiplierText} of ${p.money(pay)} (${applied.window})`,
    };
  }
  const surcharge = applied.surcharge as number;
  return {
    code: 'peak',
    label: applied.name,
    amount: surcharge,
    detail: `${p.money(surcharge)} added (${applied.window})`,
  };
}
