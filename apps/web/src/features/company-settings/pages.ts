import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/company',
    subject: 'Settings',
    page: lazy(() => import('./CompanySettingsPage').then((m) => ({ default: m.CompanySettingsPage }))),
  },
];
