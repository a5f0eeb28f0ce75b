import { z } from 'zod';
import { flag, wholeNumber } from '../fields';

/**
 * The booking form's optional parts a company can hide or make compulsory. Pick-up, drop-off, date
 * and time, passenger and vehicle type are always asked; the client's own references follow the client.
 */
export const bookingFormFieldNames = [
  'viaStops',
  'hireMinutes',
  'booker',
  'clientReferences',
  'passengerCount',
  'luggageCount',
  'flightNumber',
  'notesForDriver',
  'notesForOffice',
  'paymentMethod',
  'price',
  'discountCode',
  'repeat',
] as const;
export type BookingFormFieldName = (typeof bookingFormFieldNames)[number];

/** Fields that may be made compulsory; the rest have defaults or rules of their own. */
export const requirableBookingFormFields: readonly BookingFormFieldName[] = [
  'booker',
  'flightNumber',
  'notesForDriver',
  'notesForOffice',
  'paymentMethod',
  'price',
];

const fieldSetting = z.object({ show: z.boolean(), required: z.boolean() });

export const bookingFormSettings = z.object({
  fields: z.object(
    Object.fromEntries(bookingFormFieldNames.map((f) => [f, fieldSetting])) as Record<
      BookingFormFieldName,
      typeof fieldSetting
    >,
  ),
  /** "As soon as possible" instead of a date and time. */
  allowAsap: z.boolean(),
  /** Office back-entry of a job already done. */
  allowBackEntry: z.boolean(),
  /** How many minutes ahead a booking from outside the office (web, apps, portal) must be. */
  minLeadMinutes: z.number(),
  updatedAt: z.string().nullable(),
});
export type BookingFormSettings = z.output<typeof bookingFormSettings>;

export const defaultBookingFormSettings: Omit<BookingFormSettings, 'updatedAt'> = {
  fields: Object.fromEntries(bookingFormFieldNames.map((f) => [f, { show: true, required: false }])) as Record<
    BookingFormFieldName,
    { show: boolean; required: boolean }
  >,
  allowAsap: true,
  allowBackEntry: true,
  minLeadMinutes: 0,
};

const fieldSettingInput = (name: BookingFormFieldName) =>
  z
    .object({ show: flag(), required: flag().optional().default(false) })
    .refine((s) => !s.required || s.show, { path: ['required'], message: 'needs the field shown' })
    .refine((s) => !s.required || requirableBookingFormFields.includes(name), {
      path: ['required'],
      message: 'cannot be made compulsory',
    })
    .optional();

/** Fields left out keep their setting; a field sent is sent whole (show, and required or false). */
export const bookingFormSettingUpdateInput = z.object({
  fields: z
    .object(
      Object.fromEntries(bookingFormFieldNames.map((f) => [f, fieldSettingInput(f)])) as Record<
        BookingFormFieldName,
        ReturnType<typeof fieldSettingInput>
      >,
    )
    .optional(),
  allowAsap: flag().optional(),
  allowBackEntry: flag().optional(),
  minLeadMinutes: wholeNumber({ min: 0, max: 7 * 24 * 60 }).optional(),
});
