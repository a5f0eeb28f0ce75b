import { ownerStatistics } from '../statistics/owner';
import { codeRow, deletedRow, lookup } from '../crud';
import { area, list, mutation } from '../define';
import { byId } from '../fields';
import { webBookerPricingInput, webBookerPricingRow } from '../web-booker/schemas';
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
const vehicleStatistics = ownerStatistics('vehicle');

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
    GetVehiclePricingListForClientPortal: list({
      input: webBookerPricingInput,
      row: webBookerPricingRow,
      alsoFor: 'ClientPortal',
      summary:
        "For a client portal user: each active vehicle type with room for the passengers and luggage, priced for the journey by the client's pricing (the office sees the prices without a client); types that cannot be priced are left out.",
    }),
    GetVehicleTagList: lookup(vehicleTagRow, { summary: 'Active vehicle tags.' }),
    GetTableSummary: list({
      input: vehicleListInput,
      row: vehicleRow,
      summary:
        'The fleet, paged, sorted and searchable (registration, make, model); `id` > 0 narrows it to that vehicle.',
    }),
    GetVehicleStatistics: vehicleStatistics.statistics,
    GetVehicleBookingCount: vehicleStatistics.count,
    GetVehicleWeekDays: vehicleStatistics.weekDays,
    GetvehicleBookingTrends: vehicleStatistics.trends,
    GetVehicleList: lookup(vehicleLookupRow, {
      summary: 'Active vehicles for dropdowns, named "REG — Make Model".',
    }),
  },
);
