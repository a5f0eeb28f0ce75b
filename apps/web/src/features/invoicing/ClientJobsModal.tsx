import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { day } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { invoiceKind } from './invoice-kind';
import { moneyOf } from './shared';
import { periodInput, type Period } from '../../ui/PeriodFields';

type Client = CallOutput<'BookingInvoice/GetTableSummaryBookingInvoice'>;
type Job = CallOutput<'BookingInvoice/GetTableSummaryClientBookings'>;

/** One client's billable jobs of the period: choose them, then make a draft of them. */
export function ClientJobsModal({ client, period, onClose }: { client: Client; period: Period; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const jobs = useCall('BookingInvoice/GetTableSummaryClientBookings', {
    clientID: client.clientId,
    ...periodInput(period),
    perPage: 0,
  });
  const rows = (jobs.data?.data ?? []) as Job[];
  // Every job is chosen until it is unticked.
  const [left, setLeft] = useState<number[]>([]);
  const chosen = rows.map((r) => r.bookingId).filter((id) => !left.includes(id));
  const setChosen = (next: number[] | ((c: number[]) => number[])) => {
    const picked = typeof next === 'function' ? next(chosen) : next;
    setLeft(rows.map((r) => r.bookingId).filter((id) => !picked.includes(id)));
  };
  const create = useCallMutation('BookingInvoice/Create');
  const total = rows.filter((r) => chosen.includes(r.bookingId)).reduce((s, r) => s + r.priceMinor, 0);
  return (
    <Modal opened onClose={onClose} title={t('invoicing.jobsOf', { name: client.clientName })} size="xl">
      <Stack>
        {jobs.error ? (
          <Alert color="red" role="alert" title={t('list.loadFailed')}>
            {messageOf(jobs.error)}
          </Alert>
        ) : jobs.isLoading ? (
          <Loader aria-label={t('invoicing.loading')} />
        ) : rows.length === 0 ? (
          <Text>{t('invoicing.noJobs')}</Text>
        ) : (
          <Table striped withTableBorder data-testid="client-jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label={t('invoicing.chooseAll')}
                    checked={chosen.length === rows.length}
                    onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((r) => r.bookingId) : [])}
                  />
                </Table.Th>
                <Table.Th>{t('invoicing.booking')}</Table.Th>
                <Table.Th>{t('invoicing.date')}</Table.Th>
                <Table.Th>{t('invoicing.passenger')}</Table.Th>
                <Table.Th>{t('invoicing.route')}</Table.Th>
                <Table.Th>{t('invoicing.reference')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.bookingId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('invoicing.chooseJob', { id: r.bookingId })}
                      checked={chosen.includes(r.bookingId)}
                      onChange={() =>
                        setChosen((c) =>
                          c.includes(r.bookingId) ? c.filter((x) => x !== r.bookingId) : [...c, r.bookingId],
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>#{r.bookingId}</Table.Td>
                  <Table.Td>{day(r.serviceDate)}</Table.Td>
                  <Table.Td>{r.passengerName ?? '—'}</Table.Td>
                  <Table.Td>{r.route ?? '—'}</Table.Td>
                  <Table.Td>{r.reference ?? '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{moneyOf(r.priceMinor, r.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between">
          <Text size="sm">
            {t('invoicing.chosenJobs', { count: chosen.length, total: moneyOf(total, client.currency) })}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button
              disabled={chosen.length === 0}
              loading={create.isPending}
              onClick={async () => {
                try {
                  const answer = await create.mutateAsync({ clientID: client.clientId, bookingIds: chosen });
                  notifySuccess(t('invoicing.draftMade'), answer.message);
                  void navigate(`${invoiceKind.path}/${answer.data.id}`);
                } catch (error) {
                  notifyError(t('invoicing.draftFailed'), error);
                }
              }}
            >
              {t('invoicing.makeDraft')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
