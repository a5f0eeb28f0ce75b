import { z } from 'zod';
import { codeRow, deletedRow, lookup } from '../crud';
import { area, list, mutation, planned, read } from '../define';
import { byId, id } from '../fields';
import { bookingCount, entityStatsInput, statistics, trendRow, trendsInput, weekDayRow } from '../statistics/schemas';
import {
  vehicleFields,
  vehicleListInput,
  vehicleLookupRow,
  vehicleRow,
  vehicleTagRow,
  vehicleTypeOptionRow,
  vehicleUpdateInput,
} from './schemas';

/** Dispatchers read the fleet; admins (and roles granted manage on Vehicle) change it. */
export const vehicleVehicle = area(
  'Vehicle',
  { subject: 'Vehicle' },
  {
    Create: mutation({
      verb: 'create',
      input: vehicleFields,
      output: vehicleRow,
      summary: 'Adds a vehicle; a registration already in the fleet (ignoring case and spaces) answers 409.',
    }),
    Update: mutation({
      verb: 'update',
      input: vehicleUpdateInput,
      output: vehicleRow,
      summary:
        'Changes a vehicle: only the fields sent change ("" or null clears an optional field; tags stay as they are when tagIds is absent). A registration already in the fleet answers 409.',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: 'Deletes a vehicle; one with bookings or documents answers 409 (switch it off instead).',
    }),
    GetVehicleClassList: lookup(codeRow, { summary: 'Vehicle classes (standard, executive, …).' }),
    GetVehicleTypeList: lookup(vehicleTypeOptionRow, { summary: 'Active vehicle types.' }),
    // Prices for the client portal belong to the pricing work.
    GetVehiclePricingListForClientPortal: planned(),
    GetVehicleTagList: lookup(vehicleTagRow, { summary: 'Active vehicle tags.' }),
    GetTableSummary: list({
      input: vehicleListInput,
      row: vehicleRow,
      summary:
        'The fleet, paged, sorted and searchable (registration, make, model); `id` > 0 narrows it to that vehicle.',
    }),
    GetVehicleStatistics: read({
      input: entityStatsInput,
      output: statistics,
      summary: 'Bookings and revenue of one vehicle over a date range.',
    }),
    GetVehicleBookingCount: read({
      input: z.object({ id: id() }),
      output: bookingCount,
      summary: 'Bookings of one vehicle today, this week, month and year.',
    }),
    GetVehicleWeekDays: read({
      input: entityStatsInput,
      output: z.array(weekDayRow),
      summary: 'Bookings of one vehicle per day of the week, Monday first, every day present.',
    }),
    GetvehicleBookingTrends: read({
      input: trendsInput,
      output: z.array(trendRow),
      summary: 'Bookings of one vehicle per month (default: the last twelve months), every month present.',
    }),
    GetVehicleList: lookup(vehicleLookupRow, {
      summary: 'Active vehicles for dropdowns, named "REG — Make Model".',
    }),
  },
);
