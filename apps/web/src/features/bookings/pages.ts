import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

const formPage = lazy(() => import('./BookingFormPage').then((m) => ({ default: m.BookingFormPage })));

export const pages: FeaturePage[] = [
  {
    path: '/bookings',
    subject: 'Booking',
    page: lazy(() => import('./BookingsPage').then((m) => ({ default: m.BookingsPage }))),
  },
  { path: '/bookings/new', subject: 'Booking', page: formPage },
  { path: '/bookings/:id/edit', subject: 'Booking', page: formPage },
  {
    path: '/bookings/:id',
    subject: 'Booking',
    page: lazy(() => import('./BookingDetailsPage').then((m) => ({ default: m.BookingDetailsPage }))),
  },
];
