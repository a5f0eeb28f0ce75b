import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/permissions',
    subject: 'Permissions',
    page: lazy(() => import('./PermissionsPage').then((m) => ({ default: m.PermissionsPage }))),
  },
];
