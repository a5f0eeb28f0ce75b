import type { Handlers } from '../platform/http/context';
import { lostFoundHandlers } from './lost-found/handlers';
import { driverJourneyHandlers } from './driver-app/journey-handlers';
import { driverListsHandlers } from './driver-app/lists-handlers';
import { driverAccountHandlers } from './driver-app/account-handlers';
import { incidentsHandlers } from './incidents/handlers';
import { chatHandlers } from './chat/handlers';
import { trackingHandlers } from './tracking/handlers';
import { dispatchHandlers } from './dispatch/handlers';
import { bookersHandlers } from './bookers/handlers';
import { notificationsHandlers } from './notifications/handlers';
import { bookingsHandlers } from './bookings/handlers';
import { authHandlers } from './auth/handlers';
import { calendarHandlers } from './calendar/handlers';
import { clientsHandlers } from './clients/handlers';
import { companyHandlers } from './company/handlers';
import { dashboardHandlers } from './dashboard/handlers';
import { documentsHandlers } from './documents/handlers';
import { driversHandlers } from './drivers/handlers';
import { importExportHandlers } from './import-export/handlers';
import { passengersHandlers } from './passengers/handlers';
import { referenceDataHandlers } from './reference-data/handlers';
import { staffHandlers } from './staff/handlers';
import { vehiclesHandlers } from './vehicles/handlers';
import { pricingHandlers } from './pricing/handlers';
import { webBookerHandlers } from './web-booker/handlers';
import { paymentHandlers } from './payments/handlers';
import { configurationHandlers } from './payments/configuration-handlers';
import { savedCardHandlers } from './payments/card-handlers';
import { paymentListHandlers } from './payments/list-handlers';
import { invoiceDocumentHandlers } from './invoicing/documents/handlers';
import { invoiceMoneyHandlers } from './invoicing/money/handlers';
import { bookingValidationHandlers } from './booking-validation/handlers';
import { invoiceLifecycleHandlers } from './invoicing/handlers';
import { payRulesHandlers } from './pay-rules/handlers';
import { driverExpensesHandlers } from './driver-expenses/handlers';
import { driverPayHandlers } from './driver-pay/handlers';
import { permissionsHandlers } from './permissions/handlers';
import { profitabilityHandlers } from './profitability/handlers';
import { providerSettingsHandlers } from './provider-settings/handlers';
import { emailSettingsHandlers } from './email-settings/handlers';
import { reportsHandlers } from './reports/handlers';

/** Every built call's handler; the type makes a built call without a handler a compile error. */
export const allHandlers: Handlers = {
  ...authHandlers,
  ...companyHandlers,
  ...staffHandlers,
  ...referenceDataHandlers,
  ...driversHandlers,
  ...passengersHandlers,
  ...clientsHandlers,
  ...vehiclesHandlers,
  ...documentsHandlers,
  ...dashboardHandlers,
  ...calendarHandlers,
  ...importExportHandlers,
  ...lostFoundHandlers,
  ...incidentsHandlers,
  ...chatHandlers,
  ...trackingHandlers,
  ...dispatchHandlers,
  ...bookersHandlers,
  ...notificationsHandlers,
  ...bookingsHandlers,
  ...driverJourneyHandlers,
  ...driverListsHandlers,
  ...driverAccountHandlers,
  ...pricingHandlers,
  ...webBookerHandlers,
  ...paymentHandlers,
  ...configurationHandlers,
  ...savedCardHandlers,
  ...paymentListHandlers,
  ...invoiceDocumentHandlers,
  ...invoiceMoneyHandlers,
  ...bookingValidationHandlers,
  ...invoiceLifecycleHandlers,
  ...payRulesHandlers,
  ...driverExpensesHandlers,
  ...driverPayHandlers,
  ...permissionsHandlers,
  ...profitabilityHandlers,
  ...providerSettingsHandlers,
  ...emailSettingsHandlers,
  ...reportsHandlers,
};
