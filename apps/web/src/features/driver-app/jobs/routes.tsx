import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const JobsPage = lazy(() => import('./JobsPage').then((m) => ({ default: m.JobsPage })));
const JobDetailsPage = lazy(() => import('./JobDetailsPage').then((m) => ({ default: m.JobDetailsPage })));

/** The jobs part of the driver app, relative to /driver. */
export const jobsRoutes: RouteObject[] = [
  { path: 'jobs', element: <JobsPage /> },
  { path: 'jobs/:id', element: <JobDetailsPage /> },
];
