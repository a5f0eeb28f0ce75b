import { Alert, Anchor, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { parseCompanyQuery } from '../../app/branding';
import { useBranding } from '../../app/StartupLoader';
import classes from './LoginPage.module.css';

/** The company of the page: the short name in its address, else the one the loader resolved. */
export function usePageCompany(): { shortName: string; isPassenger: boolean } {
  const branding = useBranding();
  const location = useLocation();
  const query = parseCompanyQuery(location.search);
  return { shortName: query.shortName ?? branding.shortName, isPassenger: query.isPassenger || branding.isPassenger };
}

/** The one-time secret of a link from an e-mail: it rides in the fragment (`#token=…`). */
export function useLinkToken(): string | null {
  const location = useLocation();
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
}

/** The sign-in page of the same company and kind (office or passenger) as this page. */
export function useSignInPath(shortName?: string, passenger?: boolean): string {
  const location = useLocation();
  if (!shortName) return `/login${location.search}`;
  return `/login?${shortName}${passenger ? '_PassApp' : ''}`;
}

/** The frame of the account pages: the company's logo and name over a card, as on the sign-in page. */
export function AccountCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const branding = useBranding();
  const { isPassenger } = usePageCompany();
  return (
    <Center mih="100vh" p="md" className={isPassenger ? classes.passenger : classes.office}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w={440} maw="100%" component="main">
        <Stack gap="md">
          <Center>
            <Image src={branding.mainLogo} alt={branding.name} w={200} />
          </Center>
          <div>
            <Title order={1} fz="h2" ta="center">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" ta="center" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export function Failure({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} role="alert" data-testid="account-error">
      {children}
    </Alert>
  );
}

export function Success({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck />} title={title} role="status" data-testid="account-done">
      {children}
    </Alert>
  );
}

export function Checking() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t('auth.checking')}</Text>
    </Stack>
  );
}

export function BackToSignIn({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={to}>
        {t('auth.backToSignIn')}
      </Anchor>
    </Text>
  );
}

/**
 * A field's props that check it on leaving only once something is typed: an empty field that loses
 * the focus (to a click on "Forgot password?") says nothing, so the link below does not jump away
 * from under the pointer between press and release. Sending the form still names every empty field.
 */
export function checkWhenFilled<P extends { onBlur?: (...args: never[]) => void }>(props: P, value: string): P {
  return { ...props, onBlur: value ? props.onBlur : undefined };
}
