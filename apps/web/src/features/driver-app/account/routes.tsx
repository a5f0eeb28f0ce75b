import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MorePage = lazy(() => import('./MorePage').then((m) => ({ default: m.MorePage })));
const NotificationsPage = lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));
const DocumentsPage = lazy(() => import('./DocumentsPage').then((m) => ({ default: m.DocumentsPage })));
const CardsPage = lazy(() => import('./CardsPage').then((m) => ({ default: m.CardsPage })));

export const accountRoutes: RouteObject[] = [
  { path: 'more', element: <MorePage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'cards', element: <CardsPage /> },
];
