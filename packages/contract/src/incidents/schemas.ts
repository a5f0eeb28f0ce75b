import { z } from 'zod';
import { flag, id, listInput, optionalRef, requiredText } from '../fields';

/** What kind of thing went wrong; the API takes the code, rows carry the words (categoryDescription). */
export const incidentCategories = [
  'complaint',
  'accident',
  'vehicle_damage',
  'late_arrival',
  'driver_conduct',
  'passenger_conduct',
  'route',
  'payment',
  'safety',
  'other',
] as const;
export type IncidentCategory = (typeof incidentCategories)[number];

export const incidentCategoryLabels: Record<IncidentCategory, string> = {
  complaint: 'Complaint',
  accident: 'Accident',
  vehicle_damage: 'Vehicle damage',
  late_arrival: 'Late arrival',
  driver_conduct: 'Driver conduct',
  passenger_conduct: 'Passenger conduct',
  route: 'Route or navigation',
  payment: 'Payment dispute',
  safety: 'Safety concern',
  other: 'Other',
};

/**
 * One line of the incident table, in the spec's words (spec 000 §3 "Incident row"). `phoneNo` and
 * `email` are the spec's single contact pair (the passenger's, or the driver's when there is no
 * passenger); the per-person pairs let each tooltip show its own person.
 */
export const incidentRow = z.object({
  incidentID: z.number(),
  entryDate: z.string().describe('When the incident was recorded'),
  category: z.enum(incidentCategories),
  categoryDescription: z.string(),
  description: z.string(),
  bookingID: z.number().nullable(),
  bookingDate: z.string().nullable().describe("The booking's pick-up date and time (ISO, UTC)"),
  pickUp: z.string().nullable(),
  dropOff: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  driverPhoneNo: z.string().nullable(),
  driverEmail: z.string().nullable(),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  passengerPhoneNo: z.string().nullable(),
  passengerEmail: z.string().nullable(),
  phoneNo: z.string().nullable(),
  email: z.string().nullable(),
  status: z.boolean().describe('true: open; false: closed'),
  name: z.string().nullable().describe('Who closed it'),
  closedAt: z.string().nullable(),
  actionTaken: z.string().nullable(),
  createdByName: z.string().nullable(),
});

export const incidentSortColumns = [
  'entryDate',
  'categoryDescription',
  'bookingID',
  'driverName',
  'passengerName',
  'status',
] as const;

export const incidentListInput = listInput({
  sortColumn: z.enum(incidentSortColumns, { error: `must be one of: ${incidentSortColumns.join(', ')}` }).optional(),
  bookingId: optionalRef().describe("Only this booking's incidents (0 or left out: every booking)"),
  status: flag().optional().describe('true: open only; false: closed only; left out: both'),
  category: z.enum(incidentCategories, { error: `must be one of: ${incidentCategories.join(', ')}` }).optional(),
});

const category = () =>
  z.enum(incidentCategories, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of: ${incidentCategories.join(', ')}`),
  });

export const incidentCreateInput = z.object({
  bookingId: id().describe('The booking it happened on; its driver and passenger are taken from it'),
  category: category(),
  description: requiredText(2000),
});

export const incidentCloseInput = z.object({
  id: id(),
  actionTaken: requiredText(2000),
});
