import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const SignUpPage = lazy(() => import('./SignUpPage').then((m) => ({ default: m.SignUpPage })));
const ConfirmEmailPage = lazy(() => import('./ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })));
const SetupPage = lazy(() => import('./SetupPage').then((m) => ({ default: m.SetupPage })));

/** Pages anyone may open without signing in: a forgotten password, a sign-up, the first admin. */
export const publicRoutes: RouteObject[] = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
  { path: '/setup', element: <SetupPage /> },
];
