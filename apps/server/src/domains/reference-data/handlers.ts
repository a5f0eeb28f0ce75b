import { and, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { vehicleTypes } from '../vehicles/schema';
import { clientReferenceRegister, clientTypeRegister, driverTypeRegister } from './driver-and-client-types';
import {
  bookingStatusLookups,
  defaultPricingModel,
  expenseTypeLookup,
  expenseTypeTax,
  fixedLookup,
  monthLookup,
  nationalityLookup,
  pricingModelLookup,
  sourceLookup,
  tagLookup,
  taxLookup,
  upcomingExclusions,
  vehicleTypeLookup,
  vendorLookup,
  yearSummary,
  zoneLookup,
} from './lookups';
import {
  discountCodeRegister,
  documentTypeRegister,
  expenseTypeRegister,
  vehicleTypeRegister,
} from './money-and-vehicles';
import { referenceDataOverview } from './overview';
import { exclusionRegister, knownLocationRegister, tagRegister, zoneRegister } from './places-and-tags';

export const referenceDataHandlers = handlers({
  'DriverType/GetTableSummary': (input, ctx) => driverTypeRegister.list(ctx, input),
  'DriverType/Create': (input, ctx) => driverTypeRegister.create(ctx, input),
  'DriverType/Update': (input, ctx) => driverTypeRegister.update(ctx, input),
  'DriverType/Delete': (input, ctx) => driverTypeRegister.remove(ctx, input),

  'ClientType/GetTableSummary': (input, ctx) => clientTypeRegister.list(ctx, input),
  'ClientType/Create': (input, ctx) => clientTypeRegister.create(ctx, input),
  'ClientType/Update': (input, ctx) => clientTypeRegister.update(ctx, input),
  'ClientType/Delete': (input, ctx) => clientTypeRegister.remove(ctx, input),

  'ClientReference/GetTableSummary': (input, ctx) => clientReferenceRegister.list(ctx, input),
  'ClientReference/Create': (input, ctx) => clientReferenceRegister.create(ctx, input),
  'ClientReference/Update': (input, ctx) => clientReferenceRegister.update(ctx, input),
  'ClientReference/Delete': (input, ctx) => clientReferenceRegister.remove(ctx, input),

  'KnownLocation/GetTableSummary': (input, ctx) => knownLocationRegister.list(ctx, input),
  'KnownLocation/Create': (input, ctx) => knownLocationRegister.create(ctx, input),
  'KnownLocation/Update': (input, ctx) => knownLocationRegister.update(ctx, input),
  'KnownLocation/Delete': (input, ctx) => knownLocationRegister.remove(ctx, input),

  'DocumentType/GetTableSummary': (input, ctx) => documentTypeRegister.list(ctx, input),
  'DocumentType/Create': (input, ctx) => documentTypeRegister.create(ctx, input),
  'DocumentType/Update': (input, ctx) => documentTypeRegister.update(ctx, input),
  'DocumentType/Delete': (input, ctx) => documentTypeRegister.remove(ctx, input),

  'Tag/getGetTagDetail': (input, ctx) => tagRegister.get(ctx, input),
  'Tag/GetTableSummary': (input, ctx) => tagRegister.list(ctx, input),
  'Tag/Create': (input, ctx) => tagRegister.create(ctx, input),
  'Tag/Update': (input, ctx) => tagRegister.update(ctx, input),
  'Tag/Delete': (input, ctx) => tagRegister.remove(ctx, input),

  'Exclusion/GetExclusionList': (input, ctx) => upcomingExclusions(ctx, input),
  'Exclusion/GetTableSummary': (input, ctx) => exclusionRegister.list(ctx, input),
  'Exclusion/Create': (input, ctx) => exclusionRegister.create(ctx, input),
  'Exclusion/Update': (input, ctx) => exclusionRegister.update(ctx, input),
  'Exclusion/Delete': (input, ctx) => exclusionRegister.remove(ctx, input),

  'VehicleType/GetTableSummary': (input, ctx) => vehicleTypeRegister.list(ctx, input),
  'VehicleType/Create': (input, ctx) => vehicleTypeRegister.create(ctx, input),
  'VehicleType/Update': (input, ctx) => vehicleTypeRegister.update(ctx, input),
  'VehicleType/Delete': (input, ctx) => vehicleTypeRegister.remove(ctx, input),
  'VehicleType/UploadFile': async (input, ctx) => {
    const mine = and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, input.id));
    const [type] = await ctx.db.select({ imageKey: vehicleTypes.imageKey }).from(vehicleTypes).where(mine);
    if (!type) throw notFound(`Vehicle type ${input.id}`);
    const key = await ctx.services.files.save(ctx.session.companyId, 'vehicle-types', input.file);
    await ctx.db.update(vehicleTypes).set({ imageKey: key, updatedAt: new Date() }).where(mine);
    const old = type.imageKey;
    if (old) ctx.afterCommit(() => ctx.services.files.remove(old));
    return { data: { id: input.id, imageUrl: ctx.services.files.url(key) ?? '' }, message: 'Picture saved.' };
  },

  'Zone/GetTableSummaryZones': (input, ctx) => zoneRegister.list(ctx, input),
  'Zone/GetZone': (input, ctx) => zoneRegister.get(ctx, input),
  'Zone/Create': (input, ctx) => zoneRegister.create(ctx, input),
  'Zone/Update': (input, ctx) => zoneRegister.update(ctx, input),
  'Zone/Delete': (input, ctx) => zoneRegister.remove(ctx, input),

  'BookingExpenseType/GetExpenseTypeList': (input, ctx) => expenseTypeLookup(ctx, input),
  'BookingExpenseType/GetExpenseTypeTax': async (input, ctx) => {
    const tax = await expenseTypeTax(ctx, input.id);
    if (!tax) throw notFound(`Booking expense type ${input.id}`);
    return tax;
  },
  'BookingExpenseType/Create': (input, ctx) => expenseTypeRegister.create(ctx, input),
  'BookingExpenseType/Update': (input, ctx) => expenseTypeRegister.update(ctx, input),
  'BookingExpenseType/GetExpenseTypeDetailByID': (input, ctx) => expenseTypeRegister.get(ctx, input),
  'BookingExpenseType/Delete': (input, ctx) => expenseTypeRegister.remove(ctx, input),
  'BookingExpenseType/GetTableSummary': (input, ctx) => expenseTypeRegister.list(ctx, input),

  'Common/GetDiscountCodes': (input, ctx) => discountCodeRegister.list(ctx, input),
  'Common/AddDiscountCodes': (input, ctx) => discountCodeRegister.create(ctx, input),
  'Common/UpdateDiscountCodes': (input, ctx) => discountCodeRegister.update(ctx, input),
  'Common/DeleteDiscountCodes': (input, ctx) => discountCodeRegister.remove(ctx, input),

  'Vendor/GetVendorList': (input, ctx) => vendorLookup(ctx, input),

  'Common/GetTaxList': (input, ctx) => taxLookup(ctx, input),
  'Common/TaxList': (input, ctx) => taxLookup(ctx, input),
  'Common/GetPriorityList': fixedLookup('priority'),
  'Common/GetInvoicePeriodList': fixedLookup('invoicePeriod'),
  'Common/GetInvoiceSplitList': fixedLookup('invoiceSplit'),
  'Common/GetInvoiceGroupList': fixedLookup('invoiceGroup'),
  'Common/GetPaymentMethodList': fixedLookup('paymentMethod'),
  'Common/GetPaymentTypeList': fixedLookup('paymentType'),
  'Common/GetCurrencyList': fixedLookup('currency'),
  'Common/GetPricingModeList': fixedLookup('pricingMode'),
  'Common/GetGraceWaitingList': fixedLookup('graceWaiting'),
  'Common/GetDurationList': fixedLookup('duration'),
  'Common/GetInvoiceStatusTypeList': fixedLookup('invoiceStatus'),
  'Common/GePreferFromList': fixedLookup('preferFrom'),
  'Common/GetMileageStepsModeList': fixedLookup('mileageStepsMode'),
  'Common/GetCOAPricingTypeList': fixedLookup('coaPricingType'),
  'Common/GetDeadMileageModeList': fixedLookup('deadMileageMode'),
  'Common/GetDependsUponList': fixedLookup('dependsUpon'),
  'Common/GetBreakDownPeriodList': fixedLookup('breakDownPeriod'),
  'Common/GetLocationTypeList': fixedLookup('locationType'),
  'Common/GetOwnerTypeList': fixedLookup('ownerType'),
  'Common/GetTagTypeList': fixedLookup('tagType'),
  'Common/GetNationalityList': async (input) => nationalityLookup(input),
  'Common/GetAllMonthList': async (input) => monthLookup(input),
  'Common/GetAllYearSummary': (input, ctx) => yearSummary(ctx, input),
  'Common/GetBookingStatusList': async (input) => bookingStatusLookups.all(input),
  'Common/GetBookingStatusesList': async (input) => bookingStatusLookups.all(input),
  'Common/GetDispatchBookingStatusList': async (input) => bookingStatusLookups.dispatch(input),
  'Common/GetDispatchBookingStatusAllList': async (input) => bookingStatusLookups.all(input),
  'Common/GetVehicleTypeList': (input, ctx) => vehicleTypeLookup(ctx, input),
  'Common/GetVehicleTypes': (input, ctx) => vehicleTypeLookup(ctx, input),
  'Common/GetVehicleTypeListForDriverPayment': (input, ctx) => vehicleTypeLookup(ctx, input),
  'Common/GetVehicleTypeListForBookingIfClientPortal': (input, ctx) => vehicleTypeLookup(ctx, input),
  'Common/GetBookingSourceListForBookingIfPaymentMethodIsCard': async (input) => sourceLookup(input),
  'Common/GetTagList': (input, ctx) => tagLookup(ctx, input),
  'Common/GetZoneList': (input, ctx) => zoneLookup(ctx, input),
  'Common/GetPricingModalList': (input, ctx) => pricingModelLookup(ctx, input),
  'Common/GetDefaultPricingModelIDByCompany': (_input, ctx) => defaultPricingModel(ctx),
  'Common/GetExpenseTypeList': (input, ctx) => expenseTypeLookup(ctx, input),
  'Common/GetTableSummary': (input, ctx) => referenceDataOverview(ctx, input),
});
