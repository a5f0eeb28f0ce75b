import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { useAbility } from './ability';
import { useAuth } from './auth';
import { ErrorBoundary } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { allNavItems, canOpen, homePath, type NavItem } from './nav-items';
import { StartupLoader } from './StartupLoader';
import { NotFoundPage } from './NotFoundPage';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const UsersPage = lazy(() => import('../features/users/UsersPage').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));

/** Areas with a real page; every other menu area shows what it will hold. */
const builtPages: Record<string, React.ComponentType> = {
  '/dashboard': HomePage,
  '/settings/users': UsersPage,
  '/profile': ProfilePage,
};

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
  const Page = builtPages[item.path];
  return Page ? <Page /> : <PlaceholderPage item={item} />;
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
      {
        element: <RequireSignIn />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Home /> },
              ...allNavItems.map((item) => ({ path: item.path, element: <Guarded item={item} /> })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
