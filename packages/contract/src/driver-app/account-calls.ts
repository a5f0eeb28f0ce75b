import { area, planned } from '../define';

export const driverAccount = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    GetTableSummaryDriverDrvApp: planned(),
    UpdateDriverPersonalProfile: planned(),
    UpdateDriverAccountProfile: planned(),
    AddDriverExpenseFromDriverApp: planned(),
    GetTableSummaryDriverCreditCards: planned(),
    CreateCard: planned(),
    UpdateCard: planned(),
    DeleteCard: planned(),
    GetAdjustmentsData: planned(),
    CreateAdjustment: planned(),
    UpdateAdjustments: planned(),
    DeleteAdjustments: planned(),
  },
);

export const bookingExpenseTypeDriverApp = area(
  'BookingExpenseType',
  { subject: 'DriverApp' },
  {
    GetExpenseTypeListDriverApp: planned(),
  },
);
