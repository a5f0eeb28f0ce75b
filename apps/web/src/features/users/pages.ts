import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/users',
    subject: 'User',
    page: lazy(() => import('./UsersPage').then((m) => ({ default: m.UsersPage }))),
  },
];
