import { Alert, Button, Divider, Grid, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from './useContractForm';

/**
 * The frame of a record's form: its fields, what the server found wrong with fields the form does
 * not show, then Cancel and the submit button. Enter in a single-line field submits.
 */
export function FormShell<V extends Record<string, unknown>>({
  kit,
  children,
  submitLabel,
  onCancel,
}: {
  kit: ContractForm<V>;
  children: ReactNode;
  submitLabel?: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={kit.submit} noValidate>
      <Stack gap="md">
        {children}
        {kit.unplaced.length ? (
          <Alert color="red" icon={<IconAlertTriangle />} title={t('form.checkFields')} role="alert">
            <List size="sm">
              {kit.unplaced.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={kit.saving}>
            {submitLabel ?? t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A titled group of fields on a grid of twelve columns. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Divider label={title} labelPosition="left" />
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      <Grid gap="sm">{children}</Grid>
    </Stack>
  );
}

/** A field's cell: a third of the row on wide screens by default, half on tablets, all on phones. */
export function FormCol({ span = 4, children }: { span?: number; children: ReactNode }) {
  return <Grid.Col span={{ base: 12, sm: span === 12 ? 12 : 6, md: span }}>{children}</Grid.Col>;
}
