import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
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

/**
 * The page of a sign-up link. The account is made when the person presses the button, not when the
 * page opens: mail scanners that open links do not confirm anything.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const company = usePageCompany();
  const signInPath = useSignInPath(company.shortName, true);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState<LinkState | null>(null);
  const check = useCall(
    'Account/CheckLink',
    { token: token ?? '', purpose: 'sign_up' },
    { enabled: Boolean(token), retry: false, staleTime: Number.POSITIVE_INFINITY },
  );

  const confirm = async () => {
    if (!token) return;
    setFailure(null);
    setBusy(true);
    try {
      const res = await callApi('Account/ConfirmEmail', { token });
      setDone(res.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setGone(/used/.test(error.message) ? 'used' : 'expired');
      else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const state: LinkState | null = !token ? 'missing' : (gone ?? check.data?.data.state ?? null);
  return (
    <AccountCard title={t('auth.confirm.title')}>
      {done ? (
        <>
          <Success title={t('auth.confirm.doneTitle')}>{t('auth.confirm.done', { email: done })}</Success>
          <Button component={Link} to={signInPath} fullWidth>
            {t('auth.signIn')}
          </Button>
        </>
      ) : state && state !== 'valid' ? (
        <>
          <LinkProblem state={state} kind="signUp" again={`/sign-up?${company.shortName}_PassApp`} />
          <BackToSignIn to={signInPath} />
        </>
      ) : check.isError ? (
        <Failure title={t('auth.link.checkFailed')}>{messageOf(check.error)}</Failure>
      ) : !state ? (
        <Checking />
      ) : (
        <>
          {failure ? <Failure title={t('auth.confirm.failed')}>{failure}</Failure> : null}
          <Text size="sm">{t('auth.confirm.intro')}</Text>
          <Button onClick={() => void confirm()} loading={busy} fullWidth>
            {t('auth.confirm.submit')}
          </Button>
        </>
      )}
    </AccountCard>
  );
}
