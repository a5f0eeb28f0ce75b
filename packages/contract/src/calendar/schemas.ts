import { z } from 'zod';
import { flag, id, isoDate, isoDateTime, listParams, requiredText, text, wholeNumber } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

export const driverEventKind = z.enum(codesOf('driverEventKind'));

/** Text a form may send empty: "" and null both mean none. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

const eventShape = {
  driverId: id(),
  title: requiredText(120),
  kind: driverEventKind.optional().default('other'),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  allDay: flag().optional().default(false),
  notes: optionalText(1000),
};
const endsAfterStart = (v: { startsAt: string; endsAt: string }) => Date.parse(v.endsAt) > Date.parse(v.startsAt);
const endsRule = { path: ['endsAt'], message: 'must be after startsAt' };

export const driverEventFields = z.object(eventShape).refine(endsAfterStart, endsRule);
export const driverEventUpdateFields = z.object({ ...eventShape, id: id() }).refine(endsAfterStart, endsRule);

export const driverEventRow = z.object({
  id: z.number(),
  driverId: z.number(),
  driverName: z.string(),
  title: z.string(),
  kind: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  notes: z.string().nullable(),
});

/** A range of company days, both ends counted; the calendar shows at most a few months at once. */
const calendarRange = {
  fromDate: isoDate(),
  toDate: isoDate(),
};
const rangeRule = {
  path: ['toDate'],
  message: 'must be on or after fromDate and at most 366 days after it',
};
const rangeOk = (v: { fromDate: string; toDate: string }) =>
  v.toDate >= v.fromDate && Date.parse(v.toDate) - Date.parse(v.fromDate) <= 366 * 86_400_000;

export const driverEventListInput = listParams
  .extend({
    ...calendarRange,
    driverId: wholeNumber({ min: 0 })
      .optional()
      .transform((v) => v || null),
    perPage: wholeNumber({ min: 0, max: 100 }).optional().default(0),
  })
  .refine(rangeOk, rangeRule);

export const calendarDriverFilters = { fromDate: isoDate().optional(), toDate: isoDate().optional() };

export const calendarDriverRow = z.object({
  id: z.number(),
  name: z.string(),
  callsign: z.string().nullable(),
  eventsCount: z.number().describe('Events overlapping the range (this month when none is given)'),
});
