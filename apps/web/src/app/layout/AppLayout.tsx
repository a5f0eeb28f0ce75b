import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useCompanyLook } from '../company-look';
import { ErrorBoundary } from '../ErrorBoundary';
import { PageLoader } from '../../ui/PageLoader';
import { HeaderBar } from './HeaderBar';
import { NavMenu } from './NavMenu';
import { useMenuCollapsed } from './preferences';

/** Vertical layout, full-width content, floating navbar, static footer (the spec's defaults). */
export function AppLayout() {
  const { t } = useTranslation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useMenuCollapsed();
  const look = useCompanyLook();

  return (
    <AppShell
      header={{ height: 72 }}
      navbar={{ width: collapsed ? 76 : 264, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="md"
      withBorder={false}
    >
      <AppShell.Header bg="transparent">
        <HeaderBar
          mobileOpened={mobileOpened}
          toggleMobile={mobile.toggle}
          collapsed={collapsed}
          toggleCollapsed={() => setCollapsed(!collapsed)}
        />
      </AppShell.Header>
      <AppShell.Navbar withBorder style={{ borderInlineEnd: '1px solid var(--mantine-color-default-border)' }}>
        <NavMenu collapsed={collapsed} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <div id="content" style={{ flex: 1 }}>
          <ErrorBoundary>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
        <Text component="footer" size="xs" c="dimmed" ta="center" py="md">
          © {new Date().getFullYear()} {look.companyID ? look.footer : t('app.footer')}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
