import { area, planned } from '../define';

export const commonDriver = area(
  'Common',
  { subject: 'Driver' },
  {
    GetDriverImage: planned(),
    UploadImageDriver: planned(),
    GetDriverUserList: planned(),
  },
);

export const driverDriver = area(
  'Driver',
  { subject: 'Driver' },
  {
    Create: planned(),
    Update: planned(),
    Delete: planned(),
    GetTableSummary: planned(),
    GetTableSummaryDriver: planned(),
    GetDriverTypeList: planned(),
    GetDriverStatusList: planned(),
    GetDefaultPaymentModelList: planned(),
    GetDriverPassword: planned(),
    GetDriverTagList: planned(),
    GetDriverStatistics: planned(),
    GetTableSummaryDriverDocument: planned(),
    GetDriverDocumentDetails: planned(),
    GetTopDriver: planned(),
    GetDriverBookingCount: planned(),
    GetDriverWeekDays: planned(),
    GetDriverBookingTrends: planned(),
    GetDriverList: planned(),
    GetDriverListWithSearch: planned(),
  },
);
