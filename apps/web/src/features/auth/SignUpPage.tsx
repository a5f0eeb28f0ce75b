import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  usePageCompany,
  useSignInPath,
  checkWhenFilled,
} from './AccountCard';

/** A passenger creates their own account with the company of the page; the e-mail is confirmed by a link. */
export function SignUpPage() {
  const { t } = useTranslation();
  const company = usePageCompany();
  const signInPath = useSignInPath(company.shortName, true);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const details = useCall(
    'Booking/GetCompanyDetails',
    { companyShortName: company.shortName },
    { retry: false, staleTime: 60_000 },
  );
  const form = useForm({
    initialValues: {
      companyShortName: company.shortName,
      firstName: '',
      surname: '',
      email: '',
      phone: '',
      password: '',
    },
    validate: zodValidate(schemas.registerInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await callApi('jwt/register', { ...values, companyShortName: company.shortName });
      setSentTo(values.email.trim());
    } catch (error) {
      if (error instanceof ApiError && error.errors.some((e) => e.field in values && e.field !== 'companyShortName')) {
        form.setErrors(error.byField);
      } else setFailure(messageOf(error));
    }
  });

  const name = details.data?.name ?? company.shortName;
  if (sentTo) {
    return (
      <AccountCard title={t('auth.signUp.sentTitle')}>
        <Success title={t('auth.signUp.sentHeading')}>{t('auth.signUp.sent', { email: sentTo })}</Success>
        <Text size="sm">{t('auth.signUp.sentHint')}</Text>
        <BackToSignIn to={signInPath} />
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('auth.signUp.title', { company: name })} subtitle={t('auth.signUp.subtitle')}>
      {details.isPending ? (
        <Checking />
      ) : details.isError ? (
        <Failure title={t('auth.signUp.unavailable')}>{messageOf(details.error)}</Failure>
      ) : !details.data.passengerSignUp ? (
        <Failure title={t('auth.signUp.offTitle')}>{t('auth.signUp.off', { company: name })}</Failure>
      ) : (
        <>
          {failure ? <Failure title={t('auth.signUp.failed')}>{failure}</Failure> : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Group grow align="flex-start">
                <TextInput
                  label={t('auth.firstName')}
                  autoComplete="given-name"
                  required
                  autoFocus
                  {...checkWhenFilled(form.getInputProps('firstName'), form.values.firstName)}
                />
                <TextInput
                  label={t('auth.surname')}
                  autoComplete="family-name"
                  required
                  {...checkWhenFilled(form.getInputProps('surname'), form.values.surname)}
                />
              </Group>
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="email"
                required
                {...checkWhenFilled(form.getInputProps('email'), form.values.email)}
              />
              <TextInput
                label={t('auth.phone')}
                type="tel"
                autoComplete="tel"
                required
                {...checkWhenFilled(form.getInputProps('phone'), form.values.phone)}
              />
              <PasswordInput
                label={t('auth.password')}
                description={t('auth.passwordRule')}
                autoComplete="new-password"
                required
                {...checkWhenFilled(form.getInputProps('password'), form.values.password)}
              />
              <Button type="submit" fullWidth loading={form.submitting}>
                {t('auth.signUp.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <BackToSignIn to={signInPath} />
    </AccountCard>
  );
}
