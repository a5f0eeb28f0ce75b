import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** Reports → Overview: the six Reports calls on one screen. */
export const pages: FeaturePage[] = [
  {
    path: '/reports',
    subject: 'Reports',
    page: lazy(() => import('./ReportsPage').then((m) => ({ default: m.ReportsPage }))),
  },
];
