import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { count } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import type { RegisterDefinition } from './register-types';
import { registers } from './registers';

interface Summary {
  id: string;
  name: string;
  count: number;
}

/** Settings → Reference data: every register with how many entries it has, each opening its list. */
export function ReferenceDataPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const summary = useCall('Common/GetTableSummary', { perPage: 0 });
  const byId = new Map<string, Summary>((summary.data?.data ?? []).map((r) => [r.id, r]));
  const shown = registers.filter((def) => ability.can('read', def.subject));
  // Registers the server counts but this screen does not know yet are still listed, without a link.
  const unknown = (summary.data?.data ?? []).filter((r) => !registers.some((d) => d.id === r.id));

  return (
    <>
      <PageHeader title={t('reference-data.title')} subtitle={t('reference-data.subtitle')} />
      {summary.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('reference-data.countsFailed')} mb="md" role="alert">
          {messageOf(summary.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((def) => (
          <RegisterCard
            key={def.id}
            def={def}
            name={t(`reference-data.registers.${def.id}.title`, { defaultValue: byId.get(def.id)?.name ?? def.id })}
            count={byId.get(def.id)?.count}
            loading={summary.isPending}
          />
        ))}
        {unknown.map((r) => (
          <Card key={r.id} withBorder radius="md" padding="lg">
            <Text fw={600}>{r.name}</Text>
            <Text size="sm" c="dimmed">
              {t('reference-data.entries', { count: r.count })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

function RegisterCard({
  def,
  name,
  count: n,
  loading,
}: {
  def: RegisterDefinition;
  name: string;
  count: number | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const Icon = def.icon;
  return (
    <Card
      component={Link}
      to={`/settings/reference-data/${def.id}`}
      withBorder
      radius="md"
      padding="lg"
      style={{ textDecoration: 'none' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={4} fz="md">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`reference-data.registers.${def.id}.subtitle`)}
            </Text>
          </Stack>
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      </Group>
      <Group mt="md" gap="xs">
        {loading ? (
          <Skeleton h={26} w={90} radius="xl" />
        ) : n === undefined ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : n === 0 ? (
          <Badge variant="default" size="lg" tt="none">
            {t('reference-data.noEntries')}
          </Badge>
        ) : (
          <Badge variant="light" size="lg" tt="none">
            {t('reference-data.entries', { count: n, formatted: count(n) })}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
