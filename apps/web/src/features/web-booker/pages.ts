import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** The signed-in passenger's home: book for themselves, their bookings, cancel and book again. */
export const pages: FeaturePage[] = [
  {
    path: '/my-bookings',
    subject: 'PassengerApp',
    page: lazy(() => import('./MyBookingsPage').then((m) => ({ default: m.MyBookingsPage }))),
  },
];
