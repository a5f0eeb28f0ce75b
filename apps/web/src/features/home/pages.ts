import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** The landing page after sign-in is the dashboard. */
export const pages: FeaturePage[] = [
  {
    path: '/dashboard',
    subject: 'Dashboard',
    page: lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
  },
];
