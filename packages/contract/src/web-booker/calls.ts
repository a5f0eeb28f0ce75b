/** The visitor-facing web booker: public calls, no account needed. */
import { area, planned } from '../define';

export const bookingWebBooker = area(
  'Booking',
  { subject: 'WebBooker' },
  {
    GetConformationWebBookerBookingDetails: planned({ isPublic: true }),
    GetPassengerForWebBooker: planned({ isPublic: true }),
    GetWebBookerUserID: planned({ isPublic: true }),
  },
);

export const commonWebBooker = area(
  'Common',
  { subject: 'WebBooker' },
  {
    GetCompanyIdForWebBooker: planned({ isPublic: true }),
    GetTaxForWebBooker: planned({ isPublic: true }),
    GetCompanyIdentifierForWebBooker: planned({ isPublic: true }),
  },
);

export const vehicleWebBooker = area(
  'Vehicle',
  { subject: 'WebBooker' },
  {
    GetVehiclePricingListForWebBooker: planned({ isPublic: true }),
    GetHourListForWebBookerScreen: planned({ isPublic: true }),
  },
);

export const paymentTransactionWebBooker = area(
  'PaymentTransaction',
  { subject: 'WebBooker' },
  {
    GetWebBookerCustomerCard: planned({ isPublic: true }),
    GetWebBookerCustomerID: planned({ isPublic: true }),
  },
);
