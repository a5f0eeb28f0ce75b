/** Named schemas, for the web's forms and the server's services. */
export * from './auth/schemas';
export * from './auth/account-schemas';
export * from './company/schemas';
export * from './company/booking-form';
export * from './company/basic-settings';
export * from './company/profile-settings';
export * from './staff/schemas';
export * from './staff/permission-schemas';
export * from './reference-data/schemas';
export * from './statistics/schemas';
export * from './drivers/schemas';
export * from './passengers/schemas';
export * from './clients/schemas';
export * from './vehicles/schemas';
export * from './documents/schemas';
export * from './dashboard/schemas';
export * from './calendar/schemas';
export * from './import-export/schemas';
export * from './bookings/schemas';
export * from './notifications/schemas';
export * from './bookers/schemas';
export * from './tracking/schemas';
export * from './incidents/schemas';
export * from './chat/schemas';
export * from './dispatch/schemas';
export * from './lost-found/schemas';
export * from './driver-app/lists-schemas';
export * from './driver-app/account-schemas';
export * from './driver-app/journey-schemas';
export * from './pricing/schemas';
export * from './web-booker/schemas';
export * from './payments/schemas';
export * from './payments/configuration-schemas';
export * from './payments/card-schemas';
export * from './payments/list-schemas';
export * from './invoices/document-schemas';
export * from './invoices/settlement-schemas';
export * from './invoices/credit-note-schemas';
export * from './booking-validation/schemas';
export * from './invoices/lifecycle-schemas';
export * from './pay-rules/schemas';
export * from './driver-expenses/schemas';
export * from './driver-payments/schemas';
export {
  profitabilityInput,
  clientProfitabilityRow,
  driverProfitabilityRow,
  vehicleProfitabilityRow,
  clientProfitabilityTotals,
  driverProfitabilityTotals,
  profitabilityReconciliation,
} from './reports/profitability';
export * from './company/provider-settings';
export * from './company/email-settings';
export * from './company/email-templates';
export * from './reports/report-schemas';
