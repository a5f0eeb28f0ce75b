import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { useAbility } from '../../app/ability';
import { useAuth } from '../../app/auth';
import { NotFoundPage } from '../../app/NotFoundPage';
import { accountRoutes } from './account/routes';
import { chatRoutes } from './chat/routes';
import { DriverLayout } from './DriverLayout';
import { jobsRoutes } from './jobs/routes';
import { moneyRoutes } from './money/routes';
import { DriverSessionProvider } from './session';

const TodayPage = lazy(() => import('./today/TodayPage').then((m) => ({ default: m.TodayPage })));

/** Only a signed-in driver opens the driver app; the office has the dispatch desk for the same jobs. */
function DriverApp() {
  const { user } = useAuth();
  const ability = useAbility();
  if (user?.role !== 'Driver' || !ability.can('read', 'DriverApp')) return <NotFoundPage forbidden />;
  return (
    <DriverSessionProvider>
      <DriverLayout />
    </DriverSessionProvider>
  );
}

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
