import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { ImageUpload } from '../../ui/ImageUpload';
import { ApiError } from '../../api/errors';
import { storage } from '../../api/session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { zodValidate } from '../../ui/zodForm';
import { NameForm } from './NameForm';

/** My profile: the password, validated as you type with the server's own rules. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const change = useCallMutation('ProfileSettings/UpdatePassword');
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(schemas.updatePasswordInput),
    validateInputOnChange: ['newPassword', 'confirmPassword'],
  });
  const changedAt = localStorage.getItem('passwordChangingDate');
  const picture = useCall('Common/GetProfileImage', {});
  const upload = useCallMutation('Common/UploadImageProfile');
  const profile = useCall('ProfileSettings/GetTableSummary', {});
  const me = profile.data?.data[0];

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await change.mutateAsync(values);
      storage.setTokens(res.data.accessToken, res.data.refreshToken);
      localStorage.setItem('passwordChangingDate', res.data.passwordChangingDate);
      form.reset();
      notifySuccess(t('profile.changed'), res.message);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) form.setErrors(error.byField);
      else notifyError(t('profile.changePassword'), error);
    }
  });

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Paper withBorder radius="lg" p="xl" maw={480} mb="md">
        <Group gap="lg">
          <ImageUpload
            imageUrl={picture.data?.data.imageUrl}
            name={user?.fullName ?? '?'}
            onUpload={async (file) => {
              const res = await upload.mutateAsync({ file });
              notifySuccess(t('profile.pictureSaved'), res.message);
            }}
          />
          <div>
            <Title order={4}>{me?.fullName ?? user?.fullName}</Title>
            <Text c="dimmed" size="sm">
              {user?.email}
            </Text>
            <Text c="dimmed" size="sm">
              {user?.staffRoleName ?? user?.role}
            </Text>
          </div>
        </Group>
        {me ? (
          <Stack mt="md">
            <NameForm key={me.fullName} fullName={me.fullName} />
          </Stack>
        ) : null}
      </Paper>
      <Paper withBorder radius="lg" p="xl" maw={480}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={4}>{t('profile.changePassword')}</Title>
            {changedAt ? (
              <Text size="sm" c="dimmed">
                {t('profile.lastChanged', {
                  date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(changedAt)),
                })}
              </Text>
            ) : null}
            <PasswordInput
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label={t('profile.newPassword')}
              autoComplete="new-password"
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={t('profile.confirmPassword')}
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={change.isPending} w="fit-content">
              {t('profile.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
