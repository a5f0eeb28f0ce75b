import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { zodValidate } from '../../ui/zodForm';
import {
  AccountCard,
  BackToSignIn,
  Failure,
  Success,
  usePageCompany,
  useSignInPath,
  checkWhenFilled,
} from './AccountCard';

/** "Forgot password?": asks for the e-mail, then says to check the mail, whatever the address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const company = usePageCompany();
  const signInPath = useSignInPath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { companyShortName: company.shortName, email: '' },
    validate: zodValidate(schemas.passwordResetRequestInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await callApi('Account/RequestPasswordReset', { ...values, companyShortName: company.shortName });
      setSentTo(values.email.trim());
    } catch (error) {
      if (error instanceof ApiError && error.byField.email) form.setErrors(error.byField);
      else setFailure(messageOf(error));
    }
  });

  if (sentTo) {
    return (
      <AccountCard title={t('auth.forgot.sentTitle')}>
        <Success title={t('auth.forgot.sentHeading')}>{t('auth.forgot.sent', { email: sentTo })}</Success>
        <Text size="sm">{t('auth.forgot.sentHint')}</Text>
        <BackToSignIn to={signInPath} />
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {failure ? <Failure title={t('auth.forgot.failed')}>{failure}</Failure> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...checkWhenFilled(form.getInputProps('email'), form.values.email)}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
      <BackToSignIn to={signInPath} />
    </AccountCard>
  );
}
