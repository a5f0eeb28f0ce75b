import { z } from 'zod';
import { codeRow, lookup } from '../crud';
import { area, read } from '../define';
import { codesOf } from './fixed-lists';
import { bookingExpenseTypeRow, taxRow } from './schemas';

const named = z.object({ id: z.number(), name: z.string() });
const statusRow = z.object({ id: z.number(), code: z.string(), name: z.string(), isFinal: z.boolean() });
const vehicleTypeLookupRow = named.extend({
  maxPassengers: z.number(),
  maxLuggage: z.number(),
  imageUrl: z.string().nullable(),
});
const fixed = (summary: string) => lookup(codeRow, { summary });

/** Common/… look-ups every signed-in user may read (dropdowns and filters). */
export const commonLookupCalls = area(
  'Common',
  { subject: 'Lookup' },
  {
    GetTaxList: lookup(taxRow, { summary: "The company's tax rates." }),
    TaxList: lookup(taxRow, { summary: 'The same as GetTaxList.' }),
    GetPriorityList: fixed('Booking and client priorities.'),
    GetInvoicePeriodList: fixed('How often a client is invoiced.'),
    GetInvoiceSplitList: fixed('How a client’s bookings are split into invoices.'),
    GetInvoiceGroupList: fixed('Whether a child account is invoiced on its own or through its parent.'),
    GetPaymentMethodList: fixed('How a booking is paid.'),
    GetPaymentTypeList: fixed('How a payment was made.'),
    GetCurrencyList: fixed('Currencies.'),
    GetPricingModeList: fixed('Pricing modes.'),
    GetGraceWaitingList: fixed('Free waiting time options.'),
    GetDurationList: fixed('Hire durations (code in minutes).'),
    GetInvoiceStatusTypeList: fixed('Invoice statuses.'),
    GePreferFromList: fixed('How a person prefers to be contacted.'),
    GetMileageStepsModeList: fixed('How mileage bands are applied.'),
    GetCOAPricingTypeList: fixed('How a change of address is charged.'),
    GetDeadMileageModeList: fixed('Dead mileage options.'),
    GetDependsUponList: { ...fixed('What a price depends upon.'), methods: ['GET'] },
    GetBreakDownPeriodList: fixed('Report break-down periods.'),
    GetLocationTypeList: fixed('Kinds of known location.'),
    GetOwnerTypeList: fixed('Who a document can belong to.'),
    GetTagTypeList: fixed('What a tag can be put on.'),
    GetNationalityList: {
      ...lookup(z.object({ id: z.string(), code: z.string(), name: z.string() }), {
        summary: 'Countries (ISO 3166 code and English name).',
      }),
      methods: ['GET'],
    },
    GetAllMonthList: lookup(z.object({ id: z.number(), name: z.string(), shortName: z.string() }), {
      summary: 'The twelve months.',
    }),
    GetAllYearSummary: lookup(
      z.object({ id: z.number(), name: z.string(), bookings: z.number(), revenueMinor: z.number() }),
      { summary: 'The years the company has bookings in, with their totals.' },
    ),
    GetBookingStatusList: lookup(statusRow, { summary: 'Booking statuses.' }),
    GetBookingStatusesList: lookup(statusRow, { summary: 'Booking statuses (the same list).' }),
    GetDispatchBookingStatusList: lookup(statusRow, { summary: 'The statuses the dispatch board shows as tabs.' }),
    GetDispatchBookingStatusAllList: lookup(statusRow, { summary: 'Every status dispatch can filter on.' }),
    GetVehicleTypeList: lookup(vehicleTypeLookupRow, { summary: 'Active vehicle types.' }),
    GetVehicleTypes: lookup(vehicleTypeLookupRow, { summary: 'Active vehicle types.' }),
    GetVehicleTypeListForDriverPayment: lookup(vehicleTypeLookupRow, {
      summary: 'Vehicle types for driver pay rules.',
    }),
    GetTagList: lookup(named.extend({ tagType: z.string(), colour: z.string() }), {
      filters: { tagType: z.enum(codesOf('tagType')).optional() },
      summary: 'Active tags, optionally of one type.',
    }),
    GetZoneList: lookup(named.extend({ colour: z.string() }), { summary: 'Active zones.' }),
    GetPricingModalList: lookup(named.extend({ mode: z.string(), isDefault: z.boolean() }), {
      summary: 'Pricing models.',
    }),
    GetDefaultPricingModelIDByCompany: read({
      input: z.object({}),
      output: z.object({ pricingModelID: z.number() }),
      summary: "The company's default pricing model (0 when none).",
    }),
    GetExpenseTypeList: lookup(bookingExpenseTypeRow, { summary: 'Active booking expense types.' }),
    GetTableSummary: lookup(z.object({ id: z.string(), name: z.string(), count: z.number(), call: z.string() }), {
      summary: 'Every kind of reference data with how many rows it has, for the settings overview.',
    }),
    GetVehicleTypeListForBookingIfClientPortal: lookup(vehicleTypeLookupRow, {
      summary: 'Vehicle types a client-portal booking may ask for.',
    }),
    GetBookingSourceListForBookingIfPaymentMethodIsCard: lookup(codeRow, {
      filters: { paymentMethod: z.string().optional() },
      summary: 'Booking sources that may take a card payment.',
    }),
  },
);
