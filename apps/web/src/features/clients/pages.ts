import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/clients',
    subject: 'Client',
    page: lazy(() => import('./ClientsPage').then((m) => ({ default: m.ClientsPage }))),
  },
  {
    path: '/clients/:id',
    subject: 'Client',
    page: lazy(() => import('./ClientProfilePage').then((m) => ({ default: m.ClientProfilePage }))),
  },
];
