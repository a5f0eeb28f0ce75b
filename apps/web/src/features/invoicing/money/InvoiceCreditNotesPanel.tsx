import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { useCanCall } from '../../../app/can-call';
import { day, money } from '../../../ui/format';
import { CreditNoteActions } from '../../credit-notes/CreditNoteActions';
import { CreditNoteDialog } from '../../credit-notes/CreditNoteDialog';

/** An invoice's credit notes, with a new one for this invoice and the drafts' issue and delete. */
export function InvoiceCreditNotesPanel({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [adding, { open, close }] = useDisclosure(false);
  const notes = useCall('CreditNote/AllCreditNotes', { invoiceId });
  const rows = notes.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="lg" data-testid="invoice-credit-notes">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('credit-notes.title')}
          </Title>
          {canCall('CreditNote/CreateCreditNote') ? <Button onClick={open}>{t('credit-notes.new')}</Button> : null}
        </Group>
        {notes.isPending ? <Skeleton height={40} /> : null}
        {notes.isError ? (
          <Alert color="red" role="alert" title={t('invoicing.money.loadFailed')}>
            {messageOf(notes.error)}
          </Alert>
        ) : null}
        {notes.isSuccess && rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('invoicing.money.noCreditNotes')}
          </Text>
        ) : null}
        {rows.length ? (
          <Table aria-label={t('credit-notes.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('credit-notes.number')}</Table.Th>
                <Table.Th>{t('credit-notes.reason')}</Table.Th>
                <Table.Th>{t('credit-notes.settlementLabel')}</Table.Th>
                <Table.Th ta="right">{t('credit-notes.gross')}</Table.Th>
                <Table.Th>{t('credit-notes.statusLabel')}</Table.Th>
                <Table.Th>{t('credit-notes.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{n.creditNo ?? t('credit-notes.draft')}</Table.Td>
                  <Table.Td>{n.reason}</Table.Td>
                  <Table.Td>{t(`credit-notes.settlement.${n.settlement}`)}</Table.Td>
                  <Table.Td ta="right">{money(n.grossMinor, n.currency)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={n.status === 'issued' ? 'teal' : 'gray'}>
                      {n.status === 'issued' ? day(n.issueDate) : t('credit-notes.status.draft')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <CreditNoteActions note={n} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      <CreditNoteDialog opened={adding} onClose={close} invoiceId={invoiceId} />
    </Paper>
  );
}
