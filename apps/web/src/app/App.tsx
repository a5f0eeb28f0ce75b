import { useTranslation } from 'react-i18next';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/errors';
import { FeatureWordsReady } from '../i18n/FeatureWordsReady';
import { PageLoader } from '../ui/PageLoader';
import { AuthProvider } from './auth';
import { LiveProvider } from './LiveProvider';
import { storedDirection } from './layout/preferences';
import { router } from './router';
import { useCompanyLook } from './company-look';
import { colorSchemeManager, companyTheme, companyVariables } from './theme';

/** Notices slide in later than the first page: their component and its transitions load on their own. */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

export function App() {
  const { primaryColor } = useCompanyLook();
  const { t } = useTranslation();
  const closeLabel = t('form.close');
  const theme = useMemo(() => companyTheme(primaryColor, closeLabel), [primaryColor, closeLabel]);
  const cssVariablesResolver = useMemo(() => companyVariables(primaryColor), [primaryColor]);
  return (
    <DirectionProvider initialDirection={storedDirection()} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <LiveProvider>
              <Suspense fallback={<PageLoader />}>
                <FeatureWordsReady>
                  <RouterProvider router={router} />
                </FeatureWordsReady>
              </Suspense>
            </LiveProvider>
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
