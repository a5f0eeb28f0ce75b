import type { Services } from '../../../platform/services';
import { refreshRollups } from './refresh';

export const REPORT_ROLLUP_JOB = 'report-rollups';

/**
 * Every minute, one process brings the reports' daily rollup up to date (fills a company that has
 * none, sums again the days changed since). A report is exact in between: it reads changed days
 * from the bookings, so the refresh only keeps that share small.
 */
export function defineReportJobs(services: Services): void {
  services.jobs.define({
    name: REPORT_ROLLUP_JOB,
    cron: '* * * * *',
    handler: async () => {
      await refreshRollups(services.db);
    },
  });
}
