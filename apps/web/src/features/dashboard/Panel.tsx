import { Alert, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';

/**
 * A dashboard panel: its own skeleton while it loads and its own error in words, so one slow or
 * failing panel never blanks the others.
 */
export function Panel<T>({
  title,
  query,
  children,
  skeleton = 220,
  action,
  testId,
}: {
  title: string;
  query: { data?: { data: T } | undefined; error: unknown };
  children: (data: T) => ReactNode;
  skeleton?: number;
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={5}>{title}</Title>
        {action}
      </Group>
      {query.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('dashboard.loadFailed')} role="alert">
          {messageOf(query.error)}
        </Alert>
      ) : query.data === undefined ? (
        <Stack gap={8} aria-busy>
          <Skeleton h={skeleton * 0.6} radius="md" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="40%" />
        </Stack>
      ) : (
        children(query.data.data)
      )}
    </Paper>
  );
}
