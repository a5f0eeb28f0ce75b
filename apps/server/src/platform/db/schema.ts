/** Every table, for Drizzle's query builder and drizzle-kit's migrations. */
export * from './meta';
export * from '../../domains/company/schema';
export * from '../../domains/auth/schema';
export * from '../../domains/reference-data/schema';
export * from '../../domains/pricing/schema';
export * from '../../domains/pay-rules/schema';
export * from '../../domains/clients/schema';
export * from '../../domains/drivers/schema';
export * from '../../domains/passengers/schema';
export * from '../../domains/staff/schema';
export * from '../../domains/vehicles/schema';
export * from '../../domains/documents/schema';
export * from '../../domains/bookings/schema';
export * from '../../domains/calendar/schema';
export * from '../../domains/audit/schema';
