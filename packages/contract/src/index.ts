import './errors';

export * from './contract';
export * from './define';
export * from './errors';
export * from './fields';
export * from './permissions';
export * from './types';
export * from './bookings/status';
export * from './bookings/state-machine';
export * from './payments/status';
export * from './invoices/status';
export * from './reference-data/fixed-lists';
export * from './crud';
export * as schemas from './schemas';
export { EXPIRING_DAYS, expiryStates, type ExpiryState } from './documents/schemas';
export {
  assignableSubjects,
  grantLevels,
  subjectAreas,
  type GrantLevel,
  type SubjectArea,
} from './staff/permission-schemas';
export { PROFITABILITY_MAX_YEARS, profitabilitySortColumns } from './reports/profitability';
