import type { ResponseOf } from '@cabdesk/contract';

/** The three tabs answer the same shape; the vehicle tab's is the widest. */
export type ProfitabilityAnswer = ResponseOf<'Profitability/GetVehicleProfitability'>;
export type ProfitabilityRow = ProfitabilityAnswer['data'][number];
