import { Alert, Anchor, Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconHistory, IconSettings, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { RecordHeader } from '../../kit/RecordHeader';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { RecordPage } from '../../kit/RecordPage';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ClientAssignments } from './ClientAssignmentsPage';
import { isKind, kindOf } from './kinds';
import { ModelEditor } from './ModelEditor';
import type { ModelDetail } from './model-form';
import { pricingKind } from './pricing-kind';
import { IconArrowLeft } from '@tabler/icons-react';

export function ModelBadges({ model }: { model: Pick<ModelDetail, 'isDefault' | 'isActive' | 'kind' | 'mode'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light">{t(`pricing.kind.${kindOf(model)}`)}</Badge>
      {model.isDefault ? <Badge color="teal">{t('pricing.default')}</Badge> : null}
      {model.isActive ? null : (
        <Badge color="gray" variant="outline">
          {t('form.inactive')}
        </Badge>
      )}
    </>
  );
}

/** The versions of a model, newest first; an older one opens read-only. */
function VersionsTab({ model }: { model: ModelDetail }) {
  const { t } = useTranslation();
  const older = model.versions.filter((v) => v.version !== model.version);
  const [picked, setPicked] = useState<number | null>(older[0]?.version ?? null);
  const old = useCall(
    'Pricing/GetPricingModelByID',
    { id: model.id, version: picked ?? 1 },
    { enabled: picked !== null },
  );
  return (
    <Stack gap="md">
      <Table withTableBorder maw={520} data-testid="versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pricing.version')}</Table.Th>
            <Table.Th>{t('pricing.versions.made')}</Table.Th>
            <Table.Th>{t('pricing.versions.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {model.versions.map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td>{dateTime(v.createdAt)}</Table.Td>
              <Table.Td>
                {v.version === model.version ? t('pricing.versions.inForce') : t('pricing.versions.older')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {older.length === 0 ? (
        <Text size="sm">{t('pricing.versions.onlyOne')}</Text>
      ) : (
        <>
          <Select
            label={t('pricing.versions.show')}
            data={older.map((v) => ({
              value: String(v.version),
              label: t('pricing.versions.label', { version: v.version, at: dateTime(v.createdAt) }),
            }))}
            value={picked === null ? null : String(picked)}
            onChange={(v) => setPicked(v ? Number(v) : null)}
            allowDeselect={false}
            maw={360}
          />
          {old.isPending ? (
            <Text size="sm">{t('pricing.versions.loading')}</Text>
          ) : old.isError ? (
            <Alert color="red" role="alert">
              {messageOf(old.error)}
            </Alert>
          ) : old.data ? (
            <Stack gap="xs">
              <Alert color="blue" variant="light">
                {t('pricing.versions.readOnly', { version: old.data.data.model?.version ?? picked })}
              </Alert>
              <ModelEditor key={picked} kind={kindOf(old.data.data)} record={old.data.data} readOnly />
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** One pricing model: its rules in force (edited into a new version), its versions, its clients. */
export function PricingModelPage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={pricingKind}
      read={{ call: 'Pricing/GetPricingModelByID', input: (id) => ({ id }) }}
      header={(model) => (
        <RecordHeader
          picture={null}
          title={model.name}
          beside={
            <Text size="sm" c="dimmed">
              {model.version === null ? t('pricing.noVersion') : t('pricing.versionN', { version: model.version })}
            </Text>
          }
          badges={<ModelBadges model={model} />}
          actions={<DeleteRecordButton kind={pricingKind} id={model.id} name={model.name} />}
        >
          <Text size="sm">{t('pricing.clientsUsing', { count: model.clientCount })}</Text>
        </RecordHeader>
      )}
      tabs={(model) => [
        {
          value: 'rules',
          label: t('pricing.tab.rules'),
          icon: <IconSettings size={16} />,
          panel: <ModelEditor key={`${model.id}-${model.version}`} kind={kindOf(model)} record={model} />,
        },
        {
          value: 'versions',
          label: t('pricing.tab.versions'),
          icon: <IconHistory size={16} />,
          badge: (
            <Badge size="xs" variant="light" circle>
              {model.versions.length}
            </Badge>
          ),
          panel: <VersionsTab model={model} />,
        },
        {
          value: 'clients',
          label: t('pricing.tab.clients'),
          icon: <IconUsers size={16} />,
          panel: <ClientAssignments modelId={model.id} />,
        },
      ]}
    />
  );
}

/** A new model of the kind the address names (`/pricing/new?kind=standard`). */
export function NewPricingModelPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const back = (
    <Anchor component={Link} to={pricingKind.path} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('pricing.backToList')}
      </Group>
    </Anchor>
  );
  if (!isKind(kind) || kind === 'fixed') {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert" title={t('pricing.editor.noKind')}>
          {t('pricing.editor.noKindBody')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <PageHeader title={t('pricing.editor.newTitle', { kind: t(`pricing.kind.${kind}`) })} />
      <ModelEditor kind={kind} record={null} />
    </Stack>
  );
}
