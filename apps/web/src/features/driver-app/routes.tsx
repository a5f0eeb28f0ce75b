import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { accountRoutes } from './account/routes';
import { chatRoutes } from './chat/routes';
import { jobsRoutes } from './jobs/routes';
import { moneyRoutes } from './money/routes';

const TodayPage = lazy(() => import('./today/TodayPage').then((m) => ({ default: m.TodayPage })));
/** The app's shell (its session, offline queue and layout) loads only when a driver opens it. */
const DriverApp = lazy(() => import('./DriverApp').then((m) => ({ default: m.DriverApp })));

/** Apps with their own layout (not the office's menu): the router mounts them beside the office pages. */
export const appRoutes: RouteObject[] = [
  {
    path: '/driver',
    element: <DriverApp />,
    children: [
      { index: true, element: <TodayPage /> },
      ...jobsRoutes,
      ...moneyRoutes,
      ...chatRoutes,
      ...accountRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
