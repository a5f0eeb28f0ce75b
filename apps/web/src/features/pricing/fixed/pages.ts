import { lazy } from 'react';
import type { FeaturePage } from '../../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/pricing/fixed',
    subject: 'Pricing',
    page: lazy(() => import('./FixedPricesPage').then((m) => ({ default: m.FixedPricesPage }))),
  },
];
