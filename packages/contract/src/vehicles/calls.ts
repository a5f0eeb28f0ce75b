import { area, planned } from '../define';

export const vehicleVehicle = area(
  'Vehicle',
  { subject: 'Vehicle' },
  {
    Create: planned(),
    Update: planned(),
    Delete: planned(),
    GetVehicleClassList: planned(),
    GetVehicleTypeList: planned(),
    GetVehiclePricingListForClientPortal: planned(),
    GetVehicleTagList: planned(),
    GetTableSummary: planned(),
    GetVehicleStatistics: planned(),
    GetVehicleBookingCount: planned(),
    GetVehicleWeekDays: planned(),
    GetvehicleBookingTrends: planned(),
    GetVehicleList: planned(),
  },
);
