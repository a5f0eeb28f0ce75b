import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { callApi } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { zodValidate } from '../../ui/zodForm';
import {
  AccountCard,
  BackToSignIn,
  Checking,
  Failure,
  Success,
  useLinkToken,
  usePageCompany,
  useSignInPath,
} from './AccountCard';
import { LinkProblem, type LinkState } from './LinkProblem';

/** The page of a reset link: checks the link first, then asks for the new password twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useLinkToken();
  const company = usePageCompany();
  const signInPath = useSignInPath(company.shortName, company.isPassenger);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState<LinkState | null>(null);
  const check = useCall(
    'Account/CheckLink',
    { token: token ?? '', purpose: 'password_reset' },
    { enabled: Boolean(token), retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const form = useForm({
    initialValues: { token: token ?? '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(schemas.passwordResetInput),
    validateInputOnChange: ['newPassword', 'confirmPassword'],
  });
  const again = `/forgot-password${location.search}`;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await callApi('Account/ResetPassword', values);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setGone(/used/.test(error.message) ? 'used' : 'expired');
      else if (error instanceof ApiError && error.errors.length) form.setErrors(error.byField);
      else setFailure(messageOf(error));
    }
  });

  const state: LinkState | null = !token ? 'missing' : (gone ?? check.data?.data.state ?? null);
  return (
    <AccountCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {done ? (
        <>
          <Success title={t('auth.reset.doneTitle')}>{t('auth.reset.done')}</Success>
          <Button component={Link} to={signInPath} fullWidth>
            {t('auth.signIn')}
          </Button>
        </>
      ) : state && state !== 'valid' ? (
        <LinkProblem state={state} kind="reset" again={again} />
      ) : check.isError ? (
        <Failure title={t('auth.link.checkFailed')}>{messageOf(check.error)}</Failure>
      ) : !state ? (
        <Checking />
      ) : (
        <>
          {failure ? <Failure title={t('auth.reset.failed')}>{failure}</Failure> : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <PasswordInput
                label={t('auth.newPassword')}
                description={t('auth.passwordRule')}
                autoComplete="new-password"
                required
                autoFocus
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput
                label={t('auth.confirmPassword')}
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword')}
              />
              <Button type="submit" fullWidth loading={form.submitting}>
                {t('auth.reset.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      {done ? null : <BackToSignIn to={signInPath} />}
    </AccountCard>
  );
}
