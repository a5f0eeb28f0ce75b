/** Named schemas, for the web's forms and the server's services. */
export * from './auth/schemas';
export * from './company/schemas';
export * from './staff/schemas';
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
