import { Alert, Anchor, Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../api/errors';
import type { ReadName } from './call-kinds';
import type { RecordKind } from './record-kind';
import { useRecord, useRecordId, useRecordTab } from './useRecord';

export interface RecordTab {
  value: string;
  label: string;
  icon?: ReactNode;
  /** A count or state beside the label (documents expired, child accounts). */
  badge?: ReactNode;
  panel: ReactNode;
}

interface Props<R extends ReadName> {
  kind: RecordKind;
  /** The call that reads the record, and its input for the id in the address. */
  read: { call: R; input: (id: number) => CallInput<R> };
  header: (record: CallOutput<R>) => ReactNode;
  tabs: (record: CallOutput<R>) => RecordTab[];
}

/**
 * The page of one record (`<path>/:id`): the way back to the list, the header, then its tabs. An
 * address that names no record, a record the company does not have and a failed read each say so
 * in words; while it loads, the page keeps its shape.
 */
export function RecordPage<R extends ReadName>({ kind, read, header, tabs }: Props<R>) {
  const { t } = useTranslation();
  const id = useRecordId();
  const found = useRecord(read.call, read.input, id);
  const back = (
    <Anchor component={Link} to={kind.path} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t(`${kind.ns}.backToList`)}
      </Group>
    </Anchor>
  );

  if (found.state === 'loading') {
    return (
      <Stack gap="md" aria-busy="true">
        {back}
        <Skeleton h={120} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (found.state !== 'ready') {
    const gone = found.state !== 'failed' || found.error.status === 404 || found.error.status === 400;
    return (
      <Stack gap="md">
        {back}
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title={gone ? t(`${kind.ns}.notFound`) : t('record.loadFailed')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            {found.state === 'badAddress'
              ? t(`${kind.ns}.badAddress`)
              : found.state === 'missing'
                ? t(`${kind.ns}.missing`)
                : messageOf(found.error)}
            {found.state === 'failed' && !gone ? (
              <Button size="xs" variant="light" color="red" onClick={found.retry}>
                {t('record.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      {header(found.record)}
      <RecordTabs tabs={tabs(found.record)} />
    </Stack>
  );
}

function RecordTabs({ tabs }: { tabs: RecordTab[] }) {
  const [open, show] = useRecordTab(tabs.map((tab) => tab.value));
  return (
    <Tabs value={open} onChange={(value) => value && show(value)} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon} rightSection={tab.badge}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
