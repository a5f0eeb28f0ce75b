import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { useAbility } from './ability';
import { useAuth } from './auth';
import { ErrorBoundary } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { allNavItems, canOpen, homePath, type NavItem } from './nav-items';
import { StartupLoader } from './StartupLoader';
import { type FeaturePage, featurePages } from './feature-pages';
import { NotFoundPage } from './NotFoundPage';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
/** Only an area not built yet needs it: kept off the first page's weight. */
const PlaceholderPage = lazy(() =>
  import('../features/placeholder/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })),
);

/** Areas with a real page; every other menu area shows what it will hold. */
const builtPages = new Map(featurePages.map((p) => [p.path, p]));
const extraPages = featurePages.filter((p) => !allNavItems.some((item) => item.path === p.path));

/**
 * A feature that is an app of its own (the driver app on a phone) exports `appRoutes` from its
 * `routes.tsx`: mounted with their own layout, not inside the office's menu.
 */
const appModules = import.meta.glob<{ appRoutes: RouteObject[] }>('../features/*/routes.tsx', { eager: true });
const appRoutes = Object.values(appModules).flatMap((m) => m.appRoutes);
/** Pages a feature opens without a sign-in (`public-routes.tsx` exporting `publicRoutes`): forgotten password, sign-up. */
const publicModules = import.meta.glob<{ publicRoutes: RouteObject[] }>('../features/*/public-routes.tsx', {
  eager: true,
});
const publicRoutes = Object.values(publicModules).flatMap((m) => m.publicRoutes);
const ownLayout = new Set(appRoutes.map((r) => r.path));
const officeItems = allNavItems.filter((item) => !ownLayout.has(item.path));

function RequireSignIn() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={`/login${location.search}`} replace />;
  return <Outlet />;
}

function Guarded({ item }: { item: NavItem }) {
  const ability = useAbility();
  const { user } = useAuth();
  if (!canOpen(item, user?.role, (s) => ability.can('read', s))) return <NotFoundPage forbidden />;
  const Page = builtPages.get(item.path)?.page;
  return Page ? <Page /> : <PlaceholderPage item={item} isHome={item.path === homePath(user?.role)} />;
}

/** A feature's own page that is not in the menu (a profile, an editor). */
function GuardedPage({ page }: { page: FeaturePage }) {
  const ability = useAbility();
  if (!ability.can('read', page.subject)) return <NotFoundPage forbidden />;
  return <page.page />;
}

function Home() {
  const { user } = useAuth();
  return <Navigate to={homePath(user?.role)} replace />;
}

function Root() {
  return (
    <ErrorBoundary>
      <StartupLoader>
        <Outlet />
      </StartupLoader>
    </ErrorBoundary>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      ...publicRoutes,
      {
        element: <RequireSignIn />,
        children: [
          ...appRoutes,
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Home /> },
              ...officeItems.map((item) => ({ path: item.path, element: <Guarded item={item} /> })),
              ...extraPages.map((page) => ({ path: page.path, element: <GuardedPage page={page} /> })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
