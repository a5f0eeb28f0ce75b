import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/dashboard',
    subject: 'Dashboard',
    page: lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage }))),
  },
];
