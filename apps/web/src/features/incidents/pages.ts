import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/incident',
    subject: 'Incident',
    page: lazy(() => import('./IncidentsPage').then((m) => ({ default: m.IncidentsPage }))),
  },
];
