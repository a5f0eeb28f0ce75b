/** What every scenario gets: where the servers listen, who calls, what was seeded. */
export interface BenchContext {
  appUrl: string;
  baselineUrl: string;
  /** An office admin's access token. */
  officeToken: string;
  companyId: number;
  busyDay: string;
  clientIds: number[];
  driverIds: number[];
  bookingOnBusyDay: number;
  concurrency: number;
  seconds: number;
  /** Mints an access token for a driver (the bench signs with the server's secret). */
  driverToken: (driverId: number, userId: number) => Promise<string>;
}
