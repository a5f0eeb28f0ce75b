// The driver app's calls, in three groups: the journey, the driver's lists and figures, the account.
export * from './journey-calls';
export * from './lists-calls';
export * from './account-calls';
