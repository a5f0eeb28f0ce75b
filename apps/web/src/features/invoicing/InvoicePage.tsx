import { Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconFileInvoice, IconFlag } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { useCallMutation } from '../../api/hooks';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { RecordHeader } from '../../kit/RecordHeader';
import { RecordPage, type RecordTab } from '../../kit/RecordPage';
import { day } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { invoiceKind } from './invoice-kind';
import { invoicePanels } from './invoice-panels';
import { LinesPanel } from './LinesPanel';
import { moneyOf, StatusBadge } from './shared';

type Invoice = CallOutput<'BookingInvoice/GetInvoiceDetails'>;

/** One invoice (`/finance/invoices/:id`): its header and actions, its lines, then the panels of the other parts. */
export function InvoicePage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={invoiceKind}
      read={{ call: 'BookingInvoice/GetInvoiceDetails', input: (id) => ({ id }) }}
      header={(invoice) => <InvoiceHeader invoice={invoice} />}
      tabs={(invoice) => [
        { value: 'lines', label: t('invoicing.tab.lines'), panel: <LinesPanel invoice={invoice} /> },
        ...invoicePanels.map((panel) => panel(invoice, t)).filter((tab): tab is RecordTab => tab !== null),
      ]}
    />
  );
}

function InvoiceHeader({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const name = invoice.invoiceNo ?? t('invoicing.draftNo', { id: invoice.id });
  return (
    <RecordHeader
      picture={
        <ThemeIcon size={64} radius="md" variant="light" aria-hidden>
          <IconFileInvoice size={36} />
        </ThemeIcon>
      }
      title={name}
      beside={<Text c="dimmed">{invoice.clientName}</Text>}
      badges={
        <>
          <StatusBadge status={invoice.status} />
          {invoice.attentionRequired ? (
            <Text size="sm" role="status">
              <IconAlertTriangle size={14} aria-hidden /> {invoice.attentionReason}
            </Text>
          ) : null}
        </>
      }
      actions={<InvoiceActions invoice={invoice} name={name} />}
    >
      <Text size="sm">
        {t('invoicing.summary', {
          gross: moneyOf(invoice.grossMinor, invoice.currency),
          left: moneyOf(invoice.leftToPayMinor, invoice.currency),
          issued: invoice.issueDate ? day(invoice.issueDate) : '—',
          due: invoice.dueDate ? day(invoice.dueDate) : '—',
        })}
      </Text>
      {invoice.periodFrom ? (
        <Text size="sm" c="dimmed">
          {t('invoicing.periodOf', { from: day(invoice.periodFrom), to: day(invoice.periodTo) })}
        </Text>
      ) : null}
    </RecordHeader>
  );
}

function InvoiceActions({ invoice, name }: { invoice: Invoice; name: string }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const approve = useCallMutation('BookingInvoice/ApproveGeneratedInvoices');
  const unapprove = useCallMutation('BookingInvoice/UnApproveGeneratedInvoices');
  const [marking, setMarking] = useState(false);
  const run = async (what: 'approve' | 'unapprove') => {
    try {
      const answer = await (what === 'approve' ? approve : unapprove).mutateAsync({ ids: [invoice.id] });
      notifySuccess(t(what === 'approve' ? 'invoicing.approved' : 'invoicing.unapproved'), answer.message);
    } catch (error) {
      notifyError(t(what === 'approve' ? 'invoicing.approveFailed' : 'invoicing.unapproveFailed'), error);
    }
  };
  return (
    <>
      {invoice.can.approve && canCall('BookingInvoice/ApproveGeneratedInvoices') ? (
        <Button leftSection={<IconCheck size={16} />} loading={approve.isPending} onClick={() => void run('approve')}>
          {t('invoicing.approve')}
        </Button>
      ) : null}
      {invoice.can.unapprove && canCall('BookingInvoice/UnApproveGeneratedInvoices') ? (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          loading={unapprove.isPending}
          onClick={() => void run('unapprove')}
        >
          {t('invoicing.unapprove')}
        </Button>
      ) : null}
      {invoice.can.edit && canCall('BookingInvoice/UpdateAttentionRequired') ? (
        <Button variant="default" leftSection={<IconFlag size={16} />} onClick={() => setMarking(true)}>
          {invoice.attentionRequired ? t('invoicing.clearAttention') : t('invoicing.markAttention')}
        </Button>
      ) : null}
      {invoice.can.delete ? <DeleteRecordButton kind={invoiceKind} id={invoice.id} name={name} /> : null}
      <AttentionDialog invoice={invoice} opened={marking} onClose={() => setMarking(false)} />
    </>
  );
}

function AttentionDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const mark = useCallMutation('BookingInvoice/UpdateAttentionRequired');
  const clearing = invoice.attentionRequired;
  const save = async () => {
    try {
      const answer = await mark.mutateAsync({
        id: invoice.id,
        attentionRequired: !clearing,
        ...(clearing ? {} : { reason }),
      });
      notifySuccess(t('form.saved'), answer.message);
      setReason('');
      onClose();
    } catch (error) {
      notifyError(t('form.failed'), error);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={clearing ? t('invoicing.clearAttention') : t('invoicing.markAttention')}
    >
      <Stack>
        {clearing ? (
          <Text>{t('invoicing.clearAttentionQuestion', { reason: invoice.attentionReason ?? '' })}</Text>
        ) : (
          <Textarea
            label={t('invoicing.attentionReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button loading={mark.isPending} disabled={!clearing && !reason.trim()} onClick={() => void save()}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
