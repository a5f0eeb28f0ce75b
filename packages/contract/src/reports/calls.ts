import { area } from '../define';
import { reportCalls } from './booking-reports';

export { profitabilityProfitability } from './profitability';

export const reportsReports = area(
  'Reports',
  { subject: 'Reports' },
  {
    ...reportCalls,
  },
);
