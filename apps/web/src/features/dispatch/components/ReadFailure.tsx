import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/errors';

/** A failed read in words; a call the server does not offer yet says so instead of an error. */
export function ReadFailure({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  const notBuilt = error instanceof ApiError && error.status === 501;
  return (
    <Alert color={notBuilt ? 'gray' : 'red'} icon={<IconAlertTriangle />} title={title} role="alert">
      {notBuilt ? t('dispatch.notBuilt', { message: messageOf(error) }) : messageOf(error)}
    </Alert>
  );
}
