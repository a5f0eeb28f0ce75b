import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconMail, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { callApi } from '../../api/client';
import { useCallMutation } from '../../api/hooks';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { RecordHeader } from '../../kit/RecordHeader';
import { RecordPage } from '../../kit/RecordPage';
import { download } from '../../ui/ExportButton';
import { day, money } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { AdjustmentsPanel } from './AdjustmentsPanel';
import { JobsPanel } from './JobsPanel';
import { PaymentsPanel } from './PaymentsPanel';
import { isOpen, NetText, StatusBadge, useStatementName, type Statement } from './shared';
import { statementKind } from './statement-kind';

/** One driver's statement (`/driver-pay/payments/:id`): its header and actions, its jobs, lines and payments. */
export function StatementPage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={statementKind}
      read={{ call: 'DrvrPayment/GetGeneratedPaymentsViews', input: (id) => ({ id }) }}
      header={(statement) => <StatementHeader statement={statement} />}
      tabs={(statement) => [
        {
          value: 'jobs',
          label: t('driver-payments.tab.jobs', { count: statement.jobs.length }),
          panel: <JobsPanel statement={statement} />,
        },
        { value: 'lines', label: t('driver-payments.tab.lines'), panel: <AdjustmentsPanel statement={statement} /> },
        ...(isOpen(statement)
          ? []
          : [
              {
                value: 'payments',
                label: t('driver-payments.tab.payments'),
                panel: <PaymentsPanel statement={statement} />,
              },
            ]),
      ]}
    />
  );
}

function StatementHeader({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const name = useStatementName()(statement);
  return (
    <RecordHeader
      picture={
        <ThemeIcon size={64} radius="md" variant="light" aria-hidden>
          <IconReceipt size={36} />
        </ThemeIcon>
      }
      title={name}
      beside={<Text c="dimmed">{statement.driverName}</Text>}
      badges={
        <>
          <StatusBadge status={statement.status} />
          {statement.attentionReasons.map((reason) => (
            <Text size="sm" role="status" key={reason}>
              <IconAlertTriangle size={14} aria-hidden /> {reason}
            </Text>
          ))}
        </>
      }
      actions={<StatementActions statement={statement} name={name} />}
    >
      <Text size="sm">
        {t('driver-payments.periodOf', { from: day(statement.periodFrom), to: day(statement.periodTo) })}
      </Text>
      <Group gap="md" data-testid="statement-net">
        <NetText netMinor={statement.netMinor} size="lg" />
        {statement.status === 'approved' || statement.status === 'settled' ? (
          <Text size="sm">
            {t('driver-payments.settledOf', { settled: money(statement.settledMinor), due: money(statement.dueMinor) })}
          </Text>
        ) : null}
      </Group>
    </RecordHeader>
  );
}

function StatementActions({ statement, name }: { statement: Statement; name: string }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const approve = useCallMutation('DrvrPayment/ApprovePayments');
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      {isOpen(statement) && canCall('DrvrPayment/ApprovePayments') ? (
        <Button
          leftSection={<IconCheck size={16} />}
          loading={approve.isPending}
          onClick={async () => {
            try {
              const answer = await approve.mutateAsync({ ids: [statement.id] });
              notifySuccess(t('driver-payments.approved'), answer.message);
            } catch (error) {
              notifyError(t('driver-payments.approveFailed'), error);
            }
          }}
        >
          {t('driver-payments.approve')}
        </Button>
      ) : null}
      {canCall('BookingInvoice/GetGenerateDocumentDriverPayment') ? (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              download((await callApi('BookingInvoice/GetGenerateDocumentDriverPayment', { id: statement.id })).data);
            } catch (error) {
              notifyError(t('driver-payments.downloadFailed'), error);
            } finally {
              setDownloading(false);
            }
          }}
        >
          {t('driver-payments.downloadPdf')}
        </Button>
      ) : null}
      <EmailButton statement={statement} />
      {isOpen(statement) ? <DeleteRecordButton kind={statementKind} id={statement.id} name={name} /> : null}
    </>
  );
}

/** E-mails the approved statement's stored PDF to its driver, for roles that may. */
function EmailButton({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const send = useCallMutation('DrvrPayment/SendDriverStatementEmail');
  if (isOpen(statement) || !canCall('DrvrPayment/SendDriverStatementEmail')) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconMail size={16} />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(
          { id: statement.id },
          {
            onSuccess: (answer) => notifySuccess(t('driver-payments.emailed', { to: answer.data.sentTo })),
            onError: (error) => notifyError(t('driver-payments.emailFailed'), error),
          },
        )
      }
    >
      {t('driver-payments.email')}
    </Button>
  );
}
