import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/map',
    subject: 'Dispatch',
    page: lazy(() => import('./MapPage').then((m) => ({ default: m.MapPage }))),
  },
  {
    path: '/map/bookings/:id',
    subject: 'Dispatch',
    page: lazy(() => import('./BookingTrackingPage').then((m) => ({ default: m.BookingTrackingPage }))),
  },
];
