import { Alert, Anchor, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconMail, IconMessage } from '@tabler/icons-react';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCall, useCallMutation } from '../../api/hooks';
import { fixedLabel } from '../../ui/fixedLabel';
import { dateTime } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { MessageModal } from './MessageModal';
import { OutboxStatusBadge } from './OutboxStatusBadge';

type Row = CallOutput<'Outbox/GetTableSummary'>;
type Input = CallInput<'Outbox/GetTableSummary'>;
const statuses: Row['status'][] = ['queued', 'sent', 'held', 'failed'];
const channels: Row['channel'][] = ['email', 'sms'];

/** Every e-mail and text message the company sends, with its delivery state; held and failed ones can go again. */
/** Mail about an account (its link's secret is hidden here). */
const accountEvents = ['password_reset', 'sign_up_confirm', 'sign_up_exists'];

export function OutboxPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListState({ column: 'createdAt', direction: 'desc' });
  const [status, setStatus] = useState<Row['status'] | null>(null);
  const [channel, setChannel] = useState<Row['channel'] | null>(null);
  const [open, setOpen] = useState<Row | null>(null);
  const input: Input = {
    ...list.query,
    sortColumn: list.query.sortColumn as Input['sortColumn'],
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
  };
  const result = useCall('Outbox/GetTableSummary', input, {
    // Messages waiting for the job queue change on their own; look again until they settle.
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'queued') ? 3000 : false),
  });
  const resend = useCallMutation('Outbox/Resend');
  const canResend = ability.can('update', 'Booking');
  const eventLabel = (event: string) =>
    event === 'driver_message'
      ? t('notifications.driverMessage')
      : accountEvents.includes(event)
        ? t(`notifications.account.${event}`)
        : fixedLabel('clientMessage', event);

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'createdAt',
      title: t('notifications.created'),
      sortable: true,
      // Date over time when space is short: every column fits a 1440 px screen.
      render: (r) => dateTime(r.createdAt),
    },
    {
      accessor: 'channel',
      title: t('notifications.channelTitle'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          {r.channel === 'email' ? <IconMail size={16} /> : <IconMessage size={16} />}
          <Text size="sm">{t(`notifications.channel.${r.channel}`)}</Text>
        </Group>
      ),
    },
    {
      accessor: 'recipient',
      title: t('notifications.recipient'),
      sortable: true,
      // An address may break after its @, so every column fits a 1440 px screen.
      render: (r) => {
        const at = r.recipient.indexOf('@');
        return (
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {at > 0 ? (
              <>
                {r.recipient.slice(0, at + 1)}
                <wbr />
                {r.recipient.slice(at + 1)}
              </>
            ) : (
              r.recipient
            )}
          </Text>
        );
      },
    },
    {
      accessor: 'subject',
      title: t('notifications.subject'),
      render: (r) => (
        <Text size="sm" lineClamp={2} miw={120} maw={220}>
          {r.subject ?? r.body}
        </Text>
      ),
    },
    {
      accessor: 'event',
      title: t('notifications.event'),
      sortable: true,
      render: (r) => (
        <Text size="sm" maw={130}>
          {eventLabel(r.event)}
        </Text>
      ),
    },
    {
      accessor: 'bookingId',
      title: t('notifications.booking'),
      render: (r) =>
        r.bookingId ? (
          <Anchor component={Link} to={`/bookings/${r.bookingId}`} size="sm" onClick={(e) => e.stopPropagation()}>
            #{r.bookingId}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'status',
      title: t('notifications.statusTitle'),
      sortable: true,
      render: (r) => <OutboxStatusBadge status={r.status} />,
    },
    { accessor: 'attempts', title: t('notifications.attempts'), sortable: true, textAlign: 'right' },
    {
      accessor: 'error',
      title: t('notifications.error'),
      render: (r) =>
        r.error ? (
          <Tooltip label={r.error} multiline w={320} withArrow>
            <Text size="sm" c="red" lineClamp={1} maw={140}>
              {r.error}
            </Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) =>
        canResend && (r.status === 'held' || r.status === 'failed') ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={resend.isPending && resend.variables?.id === r.id}
            onClick={async (e) => {
              e.stopPropagation();
              try {
                const res = await resend.mutateAsync({ id: r.id });
                notifySuccess(t('notifications.resent'), res.message);
              } catch (error) {
                notifyError(t('notifications.resendFailed'), error);
              }
            }}
          >
            {t('notifications.resend')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t('notifications.title')} subtitle={t('notifications.subtitle')} />
      {result.data?.data.some((r) => r.status === 'held') ? (
        <Alert color="yellow" icon={<IconInfoCircle />} mb="md" title={t('notifications.heldTitle')}>
          {t('notifications.heldHelp')}
        </Alert>
      ) : null}
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        onRowClick={setOpen}
        exportAs={{ call: 'Outbox/GetTableSummary', input }}
        filters={
          <>
            <Select
              aria-label={t('notifications.statusTitle')}
              placeholder={t('notifications.allStatuses')}
              data={statuses.map((s) => ({ value: s, label: t(`notifications.status.${s}`) }))}
              value={status}
              onChange={(v) => {
                setStatus(v as Row['status'] | null);
                list.setPage(1);
              }}
              clearable
              w={170}
            />
            <Select
              aria-label={t('notifications.channelTitle')}
              placeholder={t('notifications.allChannels')}
              data={channels.map((c) => ({ value: c, label: t(`notifications.channel.${c}`) }))}
              value={channel}
              onChange={(v) => {
                setChannel(v as Row['channel'] | null);
                list.setPage(1);
              }}
              clearable
              w={170}
            />
          </>
        }
      />
      <MessageModal message={open} onClose={() => setOpen(null)} />
    </>
  );
}
