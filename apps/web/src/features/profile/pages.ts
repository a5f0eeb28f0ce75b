import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/profile',
    subject: 'Profile',
    page: lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  },
];
