import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { zodValidate } from '../../ui/zodForm';
import { AccountCard, Checking, Failure, Success, useLinkToken, checkWhenFilled } from './AccountCard';
import { LinkProblem, type LinkState } from './LinkProblem';

const emptyValues = {
  companyShortName: '',
  companyName: '',
  email: '',
  fullName: '',
  newPassword: '',
  confirmPassword: '',
};
type Values = typeof emptyValues;

/** What the form sends: a link made for a company and e-mail sends neither. */
const toInput = (token: string, values: Values) => {
  const { companyShortName, companyName, email, ...rest } = values;
  return {
    token,
    ...rest,
    ...(companyShortName ? { companyShortName } : {}),
    ...(companyName ? { companyName } : {}),
    ...(email ? { email } : {}),
  };
};

/** The set-up link's page: the company's first admin chooses their own password (and names a new company). */
export function SetupPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const [done, setDone] = useState<{ email: string; companyShortName: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState<LinkState | null>(null);
  const check = useCall(
    'Account/CheckLink',
    { token: token ?? '', purpose: 'setup' },
    { enabled: Boolean(token), retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const link = check.data?.data;
  const newCompany = !link?.companyShortName;
  const form = useForm({
    initialValues: emptyValues,
    validate: (values) => {
      const errors = zodValidate(schemas.setupInput)(toInput(token ?? '', values));
      if (newCompany) {
        for (const field of ['companyShortName', 'companyName', 'email'] as const) {
          if (!values[field].trim()) errors[field] = 'is required';
        }
      }
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      const res = await callApi('Account/CompleteSetup', toInput(token, values));
      setDone(res.data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setGone(/used/.test(error.message) ? 'used' : 'expired');
      else if (error instanceof ApiError && error.errors.length) form.setErrors(error.byField);
      else setFailure(messageOf(error));
    }
  });

  const state: LinkState | null = !token ? 'missing' : (gone ?? link?.state ?? null);
  return (
    <AccountCard
      title={t('auth.setup.title')}
      subtitle={
        link?.companyName ? t('auth.setup.forCompany', { company: link.companyName }) : t('auth.setup.subtitle')
      }
    >
      {done ? (
        <>
          <Success title={t('auth.setup.doneTitle')}>{t('auth.setup.done', { email: done.email })}</Success>
          <Button component={Link} to={`/login?${done.companyShortName}`} fullWidth>
            {t('auth.signIn')}
          </Button>
        </>
      ) : state && state !== 'valid' ? (
        <LinkProblem state={state} kind="setup" />
      ) : check.isError ? (
        <Failure title={t('auth.link.checkFailed')}>{messageOf(check.error)}</Failure>
      ) : !state ? (
        <Checking />
      ) : (
        <>
          {failure ? <Failure title={t('auth.setup.failed')}>{failure}</Failure> : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {newCompany ? (
                <>
                  <TextInput
                    label={t('auth.setup.companyName')}
                    autoComplete="organization"
                    required
                    autoFocus
                    {...checkWhenFilled(form.getInputProps('companyName'), form.values.companyName)}
                  />
                  <TextInput
                    label={t('auth.setup.companyShortName')}
                    description={t('auth.setup.companyShortNameHint')}
                    required
                    {...checkWhenFilled(form.getInputProps('companyShortName'), form.values.companyShortName)}
                  />
                  <TextInput
                    label={t('auth.email')}
                    type="email"
                    autoComplete="email"
                    required
                    {...checkWhenFilled(form.getInputProps('email'), form.values.email)}
                  />
                </>
              ) : (
                <Text size="sm">{t('auth.setup.account', { email: link?.email ?? '' })}</Text>
              )}
              <TextInput
                label={t('auth.fullName')}
                autoComplete="name"
                required
                autoFocus={!newCompany}
                {...checkWhenFilled(form.getInputProps('fullName'), form.values.fullName)}
              />
              <PasswordInput
                label={t('auth.newPassword')}
                description={t('auth.passwordRule')}
                autoComplete="new-password"
                required
                {...checkWhenFilled(form.getInputProps('newPassword'), form.values.newPassword)}
              />
              <PasswordInput
                label={t('auth.confirmPassword')}
                autoComplete="new-password"
                required
                {...checkWhenFilled(form.getInputProps('confirmPassword'), form.values.confirmPassword)}
              />
              <Button type="submit" fullWidth loading={form.submitting}>
                {t('auth.setup.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AccountCard>
  );
}
