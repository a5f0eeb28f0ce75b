import { area, planned } from '../define';

export const commonLookup = area(
  'Common',
  { subject: 'Lookup' },
  {
    GetTaxList: planned(),
    GetPriorityList: planned(),
    GetInvoicePeriodList: planned(),
    GetInvoiceSplitList: planned(),
    GetInvoiceGroupList: planned(),
    GetPaymentMethodList: planned(),
    GetVehicleTypeList: planned(),
    GetVehicleTypeListForBookingIfClientPortal: planned(),
    GetBookingSourceListForBookingIfPaymentMethodIsCard: planned(),
    GetCurrencyList: planned(),
    GetPricingModalList: planned(),
    GetPricingModeList: planned(),
    GetGraceWaitingList: planned(),
    GetBookingStatusList: planned(),
    GetBookingStatusesList: planned(),
    GetDispatchBookingStatusList: planned(),
    GetDispatchBookingStatusAllList: planned(),
    GetTagList: planned(),
    GetDurationList: planned(),
    GetDefaultPricingModelIDByCompany: planned(),
    GetNationalityList: planned({ methods: ['GET'] }),
    GetAllMonthList: planned(),
    GetAllYearSummary: planned(),
    GetInvoiceStatusTypeList: planned(),
    GetPaymentTypeList: planned(),
    GePreferFromList: planned(),
    GetMileageStepsModeList: planned(),
    GetZoneList: planned(),
    GetVehicleTypes: planned(),
    GetVehicleTypeListForDriverPayment: planned(),
    GetCOAPricingTypeList: planned(),
    GetDeadMileageModeList: planned(),
    GetDependsUponList: planned({ methods: ['GET'] }),
    TaxList: planned(),
    GetExpenseTypeList: planned(),
    GetTagTypeList: planned(),
    GetLocationTypeList: planned(),
    GetOwnerTypeList: planned(),
    GetBreakDownPeriodList: planned(),
    GetTableSummary: planned(),
  },
);

export const commonReferenceData = area(
  'Common',
  { subject: 'ReferenceData' },
  {
    GetDiscountCodes: planned(),
    AddDiscountCodes: planned(),
    UpdateDiscountCodes: planned(),
    DeleteDiscountCodes: planned(),
  },
);

export const zoneReferenceData = area(
  'Zone',
  { subject: 'ReferenceData' },
  {
    GetTableSummaryZones: planned(),
    GetZone: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const exclusionReferenceData = area(
  'Exclusion',
  { subject: 'ReferenceData' },
  {
    GetExclusionList: planned(),
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const bookingExpenseTypeReferenceData = area(
  'BookingExpenseType',
  { subject: 'ReferenceData' },
  {
    GetExpenseTypeList: planned(),
    GetExpenseTypeTax: planned(),
    Create: planned(),
    Update: planned(),
    GetExpenseTypeDetailByID: planned(),
    Delete: planned(),
    GetTableSummary: planned(),
  },
);

export const tagReferenceData = area(
  'Tag',
  { subject: 'ReferenceData' },
  {
    getGetTagDetail: planned(),
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const vendorReferenceData = area(
  'Vendor',
  { subject: 'ReferenceData' },
  {
    GetVendorList: planned({ methods: ['GET'] }),
  },
);

export const driverTypeReferenceData = area(
  'DriverType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const clientTypeReferenceData = area(
  'ClientType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const clientReferenceReferenceData = area(
  'ClientReference',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const knownLocationReferenceData = area(
  'KnownLocation',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);

export const vehicleTypeReferenceData = area(
  'VehicleType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
    UploadFile: planned(),
  },
);
