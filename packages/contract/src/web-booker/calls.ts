import { area, planned } from '../define';

export const bookingWebBooker = area('Booking', { subject: 'WebBooker' }, {
  GetConformationWebBookerBookingDetails: planned(),
  GetPassengerForWebBooker: planned(),
  GetWebBookerUserID: planned(),
});

export const commonWebBooker = area('Common', { subject: 'WebBooker' }, {
  GetCompanyIdForWebBooker: planned(),
  GetTaxForWebBooker: planned(),
  GetCompanyIdentifierForWebBooker: planned(),
});

export const vehicleWebBooker = area('Vehicle', { subject: 'WebBooker' }, {
  GetVehiclePricingListForWebBooker: planned(),
  GetHourListForWebBookerScreen: planned(),
});

export const paymentTransactionWebBooker = area('PaymentTransaction', { subject: 'WebBooker' }, {
  GetWebBookerCustomerCard: planned(),
  GetWebBookerCustomerID: planned(),
});
