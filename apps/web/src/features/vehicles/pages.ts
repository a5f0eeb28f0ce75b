import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/vehicles',
    subject: 'Vehicle',
    page: lazy(() => import('./VehiclesPage').then((m) => ({ default: m.VehiclesPage }))),
  },
  {
    path: '/vehicles/:id',
    subject: 'Vehicle',
    page: lazy(() => import('./VehicleProfilePage').then((m) => ({ default: m.VehicleProfilePage }))),
  },
];
