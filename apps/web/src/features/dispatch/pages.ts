import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/dispatch',
    subject: 'Dispatch',
    page: lazy(() => import('./DispatchBoardPage').then((m) => ({ default: m.DispatchBoardPage }))),
  },
  {
    path: '/driver-status',
    subject: 'Dispatch',
    page: lazy(() => import('./DriverStatusPage').then((m) => ({ default: m.DriverStatusPage }))),
  },
];
