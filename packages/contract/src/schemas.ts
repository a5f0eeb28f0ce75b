/** Named schemas, for the web's forms and the server's services. */
export * from './auth/schemas';
export * from './company/schemas';
export * from './staff/schemas';
export * from './reference-data/schemas';
export * from './statistics/schemas';
