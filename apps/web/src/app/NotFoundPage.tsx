import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage({ forbidden = false }: { forbidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" maw={560}>
      <Stack gap="sm">
        <Title order={2}>{forbidden ? '403' : '404'}</Title>
        <Text>{forbidden ? t('errors.forbidden') : t('errors.notFound')}</Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('placeholder.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
