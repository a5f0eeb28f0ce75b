import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/drivers',
    subject: 'Driver',
    page: lazy(() => import('./DriversPage').then((m) => ({ default: m.DriversPage }))),
  },
  {
    path: '/drivers/:id',
    subject: 'Driver',
    page: lazy(() => import('./DriverProfilePage').then((m) => ({ default: m.DriverProfilePage }))),
  },
];
