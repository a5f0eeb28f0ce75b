import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Center,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { callApi } from '../../api/client';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import type { SessionData } from '../../api/session';
import { useAuth } from '../../app/auth';
import { isWebView, parseCompanyQuery } from '../../app/branding';
import { homePath } from '../../app/nav-items';
import { useBranding } from '../../app/StartupLoader';
import { zodValidate } from '../../ui/zodForm';
import { checkWhenFilled } from './AccountCard';
import classes from './LoginPage.module.css';

const loginForm = z.object({
  email: z.string().trim().min(1, 'is required').pipe(z.email('must be a valid e-mail address')),
  password: z.string().min(1, 'is required'),
  isRememberMe: z.boolean(),
});

/** The sign-in page, branded by the company the loader resolved. */
export function LoginPage() {
  const { t } = useTranslation();
  const { user, signedIn } = useAuth();
  const branding = useBranding();
  const location = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const pageCompany = parseCompanyQuery(location.search).shortName ?? branding.shortName;
  // Passengers may create their own account unless the company turned sign-up off.
  const details = useCall(
    'Booking/GetCompanyDetails',
    { companyShortName: pageCompany },
    { enabled: branding.isPassenger && !branding.unknownShortName, retry: false, staleTime: 60_000 },
  );
  const form = useForm({
    initialValues: { email: '', password: '', isRememberMe: false },
    validate: zodValidate(loginForm),
    validateInputOnBlur: true,
  });

  if (user) return <Navigate to={homePath(user.role)} replace />;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const webView = isWebView(navigator.userAgent, location.search);
    const deviceToken = parseCompanyQuery(location.search).deviceToken;
    try {
      const session = await callApi('UserLogin/UserSignIn', {
        email: values.email,
        password: values.password,
        isRememberMe: values.isRememberMe,
        systemID: branding.companyId || '',
        isDriverinWebView: webView ? 'True' : 'False',
        deviceToken: deviceToken ?? undefined,
      });
      signedIn(session as unknown as SessionData, webView);
      // Sign-out names this phone's token so that only this phone stops getting pushes.
      if (deviceToken) localStorage.setItem('deviceToken', deviceToken);
      void navigate(homePath(session.userData.role), { replace: true });
    } catch (error) {
      setFailure(messageOf(error));
    }
  });

  return (
    <Center mih="100vh" p="md" className={branding.isPassenger ? classes.passenger : classes.office}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w={420} maw="100%">
        <Stack gap="md">
          <Center>
            <Image src={branding.mainLogo} alt={branding.name} w={240} data-testid="login-logo" />
          </Center>
          <div>
            <Title order={2} ta="center">
              {t('login.title', { company: branding.name })}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {branding.isPassenger ? t('login.passengerSubtitle') : t('login.subtitle')}
            </Text>
          </div>
          {branding.unknownShortName ? (
            <Alert color="yellow" icon={<IconInfoCircle />}>
              {t('login.unknownCompany', { name: branding.unknownShortName })}
            </Alert>
          ) : null}
          {failure ? (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              title={t('login.failed')}
              role="alert"
              data-testid="login-error"
            >
              {failure}
            </Alert>
          ) : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                required
                autoFocus
                {...checkWhenFilled(form.getInputProps('email'), form.values.email)}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                required
                {...checkWhenFilled(form.getInputProps('password'), form.values.password)}
              />
              <Checkbox label={t('login.remember')} {...form.getInputProps('isRememberMe', { type: 'checkbox' })} />
              <Anchor
                component={Link}
                to={`/forgot-password${location.search}`}
                size="sm"
                data-testid="forgot-password"
              >
                {t('login.forgot')}
              </Anchor>
              <Button type="submit" fullWidth loading={form.submitting} mt="xs">
                {form.submitting ? t('login.submitting') : t('login.submit')}
              </Button>
            </Stack>
          </form>
          {branding.isPassenger && details.data?.passengerSignUp ? (
            <Text size="sm" ta="center">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to={`/sign-up${location.search}`} data-testid="sign-up">
                {t('login.signUp')}
              </Anchor>
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" ta="center" component="footer">
            {branding.look.companyID ? `${branding.look.footer} · ` : null}
            <Anchor href="/docs" size="xs" c="dimmed">
              API
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
