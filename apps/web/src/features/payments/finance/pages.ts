import { lazy } from 'react';
import type { FeaturePage } from '../../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/finance/payments',
    subject: 'Payment',
    page: lazy(() => import('./PaymentsPage').then((m) => ({ default: m.PaymentsPage }))),
  },
];
