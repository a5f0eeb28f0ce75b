import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** Reports → Profitability: profit per client, driver and vehicle, reconciled with the ledger. */
export const pages: FeaturePage[] = [
  {
    path: '/reports/profitability',
    subject: 'Profitability',
    page: lazy(() => import('./ProfitabilityPage').then((m) => ({ default: m.ProfitabilityPage }))),
  },
];
