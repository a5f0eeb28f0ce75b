import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/staff',
    subject: 'Staff',
    page: lazy(() => import('./StaffPage').then((m) => ({ default: m.StaffPage }))),
  },
  {
    path: '/staff/:id',
    subject: 'Staff',
    page: lazy(() => import('./StaffProfilePage').then((m) => ({ default: m.StaffProfilePage }))),
  },
];
