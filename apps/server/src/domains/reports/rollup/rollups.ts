import { profitRollup } from '../../profitability/rollup/sums';
import type { DayRollup } from './day-rollup';
import { reportRollup } from './day-sums';

/** Every daily rollup, filled together and refreshed together from the one change log. */
export const dayRollups: readonly DayRollup[] = [reportRollup, profitRollup];
