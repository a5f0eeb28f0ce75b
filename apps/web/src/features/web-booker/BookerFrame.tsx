import { Alert, Box, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../app/StartupLoader';
import classes from '../auth/LoginPage.module.css';

/** The public booking pages' frame: the company's logo and name over one column, as on its sign-in page. */
export function BookerFrame({ title, children }: { title: string; children: ReactNode }) {
  const branding = useBranding();
  return (
    <Box mih="100vh" py="md" px={{ base: 'xs', sm: 'md' }} className={classes.office}>
      <Center>
        <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} radius="lg" w={600} maw="100%" component="main">
          <Stack gap="md">
            <Center>
              <Image src={branding.mainLogo} alt={branding.name} w={180} maw="60%" />
            </Center>
            <Title order={1} fz="h2" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Stack align="center" gap="xs" role="status" py="md">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Stack>
  );
}

export function Problem({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title ?? t('web-booker.problem')} role="alert">
      {children}
    </Alert>
  );
}
