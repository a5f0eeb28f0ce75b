import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/finance/driver-expenses',
    subject: 'DriverExpense',
    page: lazy(() => import('./DriverExpensesPage').then((m) => ({ default: m.DriverExpensesPage }))),
  },
];
