import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/passengers',
    subject: 'Passenger',
    page: lazy(() => import('./PassengersPage').then((m) => ({ default: m.PassengersPage }))),
  },
  {
    path: '/passengers/:id',
    subject: 'Passenger',
    page: lazy(() => import('./PassengerProfilePage').then((m) => ({ default: m.PassengerProfilePage }))),
  },
];
