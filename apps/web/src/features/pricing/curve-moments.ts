import { wallToIso } from '../../ui/date-entry';
import type { ModelFormValues } from './model-form';

/** A moment the curve can be priced at: an ordinary weekday noon, or the start of each peak. */
export interface CurveMoment {
  value: string;
  label: string;
  /** The instant (UTC) on the company's clock. */
  pickupAt: string;
}

/** 7 January 2030 is a Monday: week day d (1 Monday … 7 Sunday) is 2030-01-(6 + d). */
const dayOfWeek = (d: number) => `2030-01-${String(6 + d).padStart(2, '0')}`;

export function curveMoments(
  values: Pick<ModelFormValues, 'peakTimes' | 'peakPeriods'>,
  words: { ordinary: string; peak: (name: string) => string },
  timeZone: string,
): CurveMoment[] {
  const at = (wall: string) => {
    try {
      return wallToIso(wall, timeZone);
    } catch {
      return null;
    }
  };
  const moments: CurveMoment[] = [
    { value: 'ordinary', label: words.ordinary, pickupAt: at(`${dayOfWeek(3)} 12:00`) ?? '' },
  ];
  values.peakTimes.forEach((p, i) => {
    const day = Number(p.weekdays[0] ?? 1);
    const pickupAt = /^\d{2}:\d{2}$/.test(p.from) ? at(`${dayOfWeek(day)} ${p.from}`) : null;
    if (pickupAt) moments.push({ value: `time-${i}`, label: words.peak(p.name || `#${i + 1}`), pickupAt });
  });
  values.peakPeriods.forEach((p, i) => {
    const pickupAt = at(p.from);
    if (pickupAt) moments.push({ value: `period-${i}`, label: words.peak(p.name || `#${i + 1}`), pickupAt });
  });
  return moments;
}
