import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** Finance → Driver pay → Driver payments: the statements to make, approve and settle, and one statement. */
export const pages: FeaturePage[] = [
  {
    path: '/driver-pay/payments',
    subject: 'DriverPayment',
    page: lazy(() => import('./PaymentsPage').then((m) => ({ default: m.PaymentsPage }))),
  },
  {
    path: '/driver-pay/payments/:id',
    subject: 'DriverPayment',
    page: lazy(() => import('./StatementPage').then((m) => ({ default: m.StatementPage }))),
  },
];
