import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/payments',
    subject: 'Settings',
    page: lazy(() => import('./PaymentSettingsPage').then((m) => ({ default: m.PaymentSettingsPage }))),
  },
];
