import { area, planned } from '../define';

export const commonPassenger = area(
  'Common',
  { subject: 'Passenger' },
  {
    GetPassengerImage: planned(),
    UploadImagePassenger: planned(),
    GetPassengerList: planned(),
    GetPassengerListWithSearch: planned(),
    GetSearchedPassenger: planned(),
    GetPassengerClientID: planned(),
    GetPassengerSurNameList: planned(),
    GetDriverPassengercontactList: planned(),
  },
);

export const passengerPassenger = area(
  'Passenger',
  { subject: 'Passenger' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
    GetValidNewPassenger: planned(),
    GetValidNewPassengerEdit: planned(),
    GetPassengerStatistics: planned(),
    GetPassengerBookingCount: planned(),
    GetTopPassenger: planned(),
    GetPassengerWeekDays: planned(),
    GetPassengerBookingTrends: planned(),
    GetClientPassengerList: planned(),
    GetPassengerBookingHistory: planned(),
    GetPassengerNote: planned(),
  },
);
