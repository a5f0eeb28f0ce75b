import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCurrencyPound, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { useCall, useCallMutation } from '../../api/hooks';
import { day, fromMinor, percent, toMinor } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { moneyOf } from './shared';

type Invoice = CallOutput<'BookingInvoice/GetInvoiceDetails'>;
type Line = Invoice['lines'][number];

/** The invoice's lines, its VAT table and totals; on a draft, the editor (price with a reason, remove, add jobs). */
export function LinesPanel({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const editable = invoice.can.edit && canCall('BookingInvoice/UpdateInvoiceData');
  const [repricing, setRepricing] = useState<Line | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useCallMutation('BookingInvoice/DeleteEdit');
  const m = (v: number) => moneyOf(v, invoice.currency);
  return (
    <Stack gap="md">
      {editable ? (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('invoicing.addJobs')}
          </Button>
        </Group>
      ) : null}
      {invoice.lines.length === 0 ? (
        <Text>{t('invoicing.noLines')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('invoicing.date')}</Table.Th>
                <Table.Th>{t('invoicing.description')}</Table.Th>
                <Table.Th>{t('invoicing.passenger')}</Table.Th>
                <Table.Th>{t('invoicing.route')}</Table.Th>
                <Table.Th>{t('invoicing.reference')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.vatRate')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.net')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.vat')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.gross')}</Table.Th>
                {editable ? <Table.Th>{t('invoicing.actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.position}</Table.Td>
                  <Table.Td>{day(l.serviceDate)}</Table.Td>
                  <Table.Td>
                    {l.description}
                    {l.overrideReason ? (
                      <Text size="xs" c="dimmed">
                        {t('invoicing.overridden', {
                          was: m(l.pricedGrossMinor ?? 0),
                          reason: l.overrideReason,
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{l.passengerName ?? '—'}</Table.Td>
                  <Table.Td>{l.route ?? '—'}</Table.Td>
                  <Table.Td>{l.reference ?? '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{percent(l.vatRateBp)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(l.netMinor)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(l.vatMinor)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(l.grossMinor)}</Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('invoicing.changePrice')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('invoicing.changePriceOf', { n: l.position })}
                            onClick={() => setRepricing(l)}
                          >
                            <IconCurrencyPound size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('invoicing.removeLine')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('invoicing.removeLineOf', { n: l.position })}
                            loading={remove.isPending && remove.variables?.id === l.id}
                            onClick={async () => {
                              try {
                                const answer = await remove.mutateAsync({ id: l.id });
                                notifySuccess(t('form.saved'), answer.message);
                              } catch (error) {
                                notifyError(t('form.failed'), error);
                              }
                            }}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            {t('invoicing.vatTable')}
          </Title>
          <Table data-testid="vat-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoicing.vatRate')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.net')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.vat')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('invoicing.gross')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.vatTable.map((r) => (
                <Table.Tr key={r.vatRateBp}>
                  <Table.Td>{percent(r.vatRateBp)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(r.netMinor)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(r.vatMinor)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m(r.grossMinor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" radius="md" miw={260}>
          <Title order={3} size="h5" mb="xs">
            {t('invoicing.totals')}
          </Title>
          <Stack gap={4} data-testid="invoice-totals">
            {[
              [t('invoicing.net'), invoice.netMinor],
              [t('invoicing.vat'), invoice.vatMinor],
              [t('invoicing.gross'), invoice.grossMinor],
              [t('invoicing.paid'), invoice.paidMinor],
              [t('invoicing.credited'), invoice.creditedMinor],
              [t('invoicing.leftToPay'), invoice.leftToPayMinor],
            ].map(([label, value]) => (
              <Group key={String(label)} justify="space-between">
                <Text size="sm">{label}</Text>
                <Text size="sm" fw={700}>
                  {m(Number(value))}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </Group>
      {repricing ? <PriceDialog invoice={invoice} line={repricing} onClose={() => setRepricing(null)} /> : null}
      {adding ? <AddJobsDialog invoice={invoice} onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}

function PriceDialog({ invoice, line, onClose }: { invoice: Invoice; line: Line; onClose: () => void }) {
  const { t } = useTranslation();
  const [price, setPrice] = useState(fromMinor(line.unitPriceMinor));
  const [reason, setReason] = useState(line.overrideReason ?? '');
  const update = useCallMutation('BookingInvoice/UpdateInvoiceData');
  const valid = /^\d+([.,]\d{1,2})?$/.test(price.trim());
  return (
    <Modal opened onClose={onClose} title={t('invoicing.changePriceOf', { n: line.position })}>
      <Stack>
        <TextInput
          label={t('invoicing.newPrice')}
          value={price}
          onChange={(e) => setPrice(e.currentTarget.value)}
          inputMode="decimal"
          error={valid ? undefined : t('invoicing.priceRule')}
          required
        />
        <TextInput
          label={t('invoicing.reasonForPrice')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button
            disabled={!valid || !reason.trim()}
            loading={update.isPending}
            onClick={async () => {
              try {
                const answer = await update.mutateAsync({
                  id: invoice.id,
                  prices: [{ lineId: line.id, priceMinor: toMinor(price.replace(',', '.')), reason }],
                });
                notifySuccess(t('form.saved'), answer.message);
                onClose();
              } catch (error) {
                notifyError(t('form.failed'), error);
              }
            }}
          >
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddJobsDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const data = useCall('BookingInvoice/GetEditData', { id: invoice.id });
  const jobs = data.data?.data.billableJobs ?? [];
  const [chosen, setChosen] = useState<number[]>([]);
  const update = useCallMutation('BookingInvoice/UpdateInvoiceData');
  return (
    <Modal opened onClose={onClose} title={t('invoicing.addJobs')} size="lg">
      <Stack>
        {data.isLoading ? (
          <Text>{t('invoicing.loading')}</Text>
        ) : data.error ? (
          <Text role="alert">{t('list.loadFailed')}</Text>
        ) : jobs.length === 0 ? (
          <Text>{t('invoicing.noJobsToAdd')}</Text>
        ) : (
          <Stack gap={6}>
            {jobs.map((j) => (
              <Checkbox
                key={j.bookingId}
                label={`#${j.bookingId} · ${day(j.serviceDate)} · ${j.passengerName ?? '—'} · ${moneyOf(j.priceMinor, j.currency)}`}
                checked={chosen.includes(j.bookingId)}
                onChange={() =>
                  setChosen((c) => (c.includes(j.bookingId) ? c.filter((x) => x !== j.bookingId) : [...c, j.bookingId]))
                }
              />
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={update.isPending}
            onClick={async () => {
              try {
                const answer = await update.mutateAsync({ id: invoice.id, addBookingIds: chosen });
                notifySuccess(t('form.saved'), answer.message);
                onClose();
              } catch (error) {
                notifyError(t('form.failed'), error);
              }
            }}
          >
            {t('invoicing.addChosen', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
