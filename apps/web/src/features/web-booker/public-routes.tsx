import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WebBookerPage = lazy(() => import('./WebBookerPage').then((m) => ({ default: m.WebBookerPage })));
const ConfirmationPage = lazy(() => import('./ConfirmationPage').then((m) => ({ default: m.ConfirmationPage })));

/** The company's public booking page (`/book?UKCB`) and a booking's confirmation, reachable again by its token. */
export const publicRoutes: RouteObject[] = [
  { path: '/book', element: <WebBookerPage /> },
  { path: '/book/confirmation/:token', element: <ConfirmationPage /> },
];
