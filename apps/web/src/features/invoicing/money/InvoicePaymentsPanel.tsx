import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { useCanCall } from '../../../app/can-call';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { dateTime, fromMinor, money, toMinor } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';

const methods = ['bank_transfer', 'cheque', 'cash', 'card'] as const;
type Method = (typeof methods)[number];

/**
 * An invoice's payments: what is paid, credited and left, every payment applied to it, and for roles
 * that may: record a payment, apply the client's credit, charge the card on file, mail a payment link.
 */
export function InvoicePaymentsPanel({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const data = useCall('Client/GetInvoiceData', { invoiceId });
  const payments = useCall('Client/AllPaymentsInvoice', { invoiceId, perPage: 0 });
  const [recording, record] = useDisclosure(false);
  const [linking, link] = useDisclosure(false);
  const checkout = useCallMutation('PaymentTransaction/InvoiceCheckoutPaymentTransaction');
  const useCredit = useCallMutation('Client/AddInvoicePaymentTransaction');
  const inv = data.data?.data;
  const rows = payments.data?.allData ?? [];
  const open = inv && inv.status !== 'draft' && inv.leftToPayMinor > 0;

  return (
    <Paper withBorder radius="md" p="lg" data-testid="invoice-payments">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('invoicing.money.payments')}
          </Title>
          {open ? (
            <Group gap="xs">
              {canCall('Client/ClientPayment') ? (
                <Button onClick={record.open}>{t('invoicing.money.recordPayment')}</Button>
              ) : null}
              {canCall('PaymentTransaction/InvoiceCheckoutPaymentTransaction') ? (
                <ConfirmButton
                  variant="default"
                  question={t('invoicing.money.chargeQuestion', { amount: money(inv.leftToPayMinor, inv.currency) })}
                  confirmLabel={t('invoicing.money.charge')}
                  onConfirm={async () => {
                    try {
                      const done = await checkout.mutateAsync({ invoiceId });
                      notifySuccess(t('invoicing.money.paidByCard'), done.message);
                    } catch (e) {
                      notifyError(t('invoicing.money.cardFailed'), e);
                    }
                  }}
                >
                  {t('invoicing.money.chargeCard')}
                </ConfirmButton>
              ) : null}
              {canCall('Booking/SendEmailPaymentLinkInvoice') ? (
                <Button variant="default" onClick={link.open}>
                  {t('invoicing.money.sendLink')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {data.isPending ? <Skeleton height={60} /> : null}
        {data.isError ? (
          <Alert color="red" role="alert" title={t('invoicing.money.loadFailed')}>
            {messageOf(data.error)}
          </Alert>
        ) : null}
        {inv ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('invoicing.money.gross')} value={money(inv.grossMinor, inv.currency)} />
            <Figure label={t('invoicing.money.paid')} value={money(inv.paidMinor, inv.currency)} />
            <Figure label={t('invoicing.money.credited')} value={money(inv.creditedMinor, inv.currency)} />
            <Figure label={t('invoicing.money.left')} value={money(inv.leftToPayMinor, inv.currency)} strong />
          </SimpleGrid>
        ) : null}
        {inv && open && inv.credits.length > 0 && canCall('Client/AddInvoicePaymentTransaction') ? (
          <Alert
            color="blue"
            title={t('invoicing.money.creditAvailable', { amount: money(inv.clientCreditMinor, inv.currency) })}
          >
            <Stack gap={6}>
              {inv.credits.map((c) => (
                <Group key={`${c.source}-${c.paymentTransactionId ?? c.creditNoteId}`} justify="space-between">
                  <Text size="sm">
                    {c.label}: {money(c.restMinor, inv.currency)}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    loading={useCredit.isPending}
                    onClick={async () => {
                      try {
                        const done = await useCredit.mutateAsync({
                          invoiceId,
                          ...(c.paymentTransactionId ? { paymentTransactionId: c.paymentTransactionId } : {}),
                          ...(c.creditNoteId ? { creditNoteId: c.creditNoteId } : {}),
                        });
                        notifySuccess(t('invoicing.money.creditApplied'), done.message);
                      } catch (e) {
                        notifyError(t('invoicing.money.creditFailed'), e);
                      }
                    }}
                  >
                    {t('invoicing.money.apply')}
                  </Button>
                </Group>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {payments.isError ? (
          <Alert color="red" role="alert">
            {messageOf(payments.error)}
          </Alert>
        ) : rows.length === 0 && !payments.isPending ? (
          <Text c="dimmed" size="sm">
            {t('invoicing.money.noPayments')}
          </Text>
        ) : (
          <Table aria-label={t('invoicing.money.payments')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoicing.money.when')}</Table.Th>
                <Table.Th>{t('invoicing.money.method')}</Table.Th>
                <Table.Th>{t('invoicing.money.reference')}</Table.Th>
                <Table.Th ta="right">{t('invoicing.money.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{dateTime(p.paidAt)}</Table.Td>
                  <Table.Td>{t(`invoicing.money.methods.${p.method}`, p.method)}</Table.Td>
                  <Table.Td>{p.reference ?? '—'}</Table.Td>
                  <Table.Td ta="right">{money(p.amountMinor, p.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {inv ? (
        <>
          <Modal opened={recording} onClose={record.close} title={t('invoicing.money.recordPayment')}>
            {recording ? (
              <RecordPayment
                invoiceId={invoiceId}
                clientId={inv.clientId}
                left={inv.leftToPayMinor}
                currency={inv.currency}
                onDone={record.close}
              />
            ) : null}
          </Modal>
          <Modal opened={linking} onClose={link.close} title={t('invoicing.money.sendLink')}>
            {linking ? <SendLink invoiceId={invoiceId} onDone={link.close} /> : null}
          </Modal>
        </>
      ) : null}
    </Paper>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </Stack>
  );
}

/** A payment received for the invoice: all of it applied here, or part with the rest kept as credit. */
function RecordPayment(props: {
  invoiceId: number;
  clientId: number;
  left: number;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(fromMinor(props.left));
  const [apply, setApply] = useState(fromMinor(props.left));
  const [method, setMethod] = useState<Method>('bank_transfer');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pay = useCallMutation('Client/ClientPayment');
  const submit = async () => {
    setError(null);
    try {
      const applied = apply.trim() ? toMinor(apply) : 0;
      const done = await pay.mutateAsync({
        clientID: props.clientId,
        amount: toMinor(amount),
        method,
        ...(reference.trim() ? { reference } : {}),
        ...(receivedOn ? { receivedOn } : {}),
        allocations: applied > 0 ? [{ invoiceId: props.invoiceId, amountMinor: applied }] : [],
      });
      notifySuccess(t('invoicing.money.recorded'), done.message);
      props.onDone();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Stack gap="sm">
      <TextInput
        label={t('invoicing.money.amountReceived')}
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        inputMode="decimal"
        required
        data-autofocus
      />
      <TextInput
        label={t('invoicing.money.applyHere')}
        description={t('invoicing.money.applyHint', { left: money(props.left, props.currency) })}
        value={apply}
        onChange={(e) => setApply(e.currentTarget.value)}
        inputMode="decimal"
      />
      <Select
        label={t('invoicing.money.method')}
        data={methods.map((m) => ({ value: m, label: t(`invoicing.money.methods.${m}`) }))}
        value={method}
        onChange={(v) => setMethod((v as Method | null) ?? 'bank_transfer')}
        allowDeselect={false}
      />
      <TextInput
        label={t('invoicing.money.reference')}
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
      />
      <TextInput
        label={t('invoicing.money.receivedOn')}
        type="date"
        value={receivedOn}
        onChange={(e) => setReceivedOn(e.currentTarget.value)}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={pay.isPending}>
          {t('invoicing.money.record')}
        </Button>
      </Group>
    </Stack>
  );
}

function SendLink({ invoiceId, onDone }: { invoiceId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useCallMutation('Booking/SendEmailPaymentLinkInvoice');
  const addresses = useCall('Booking/GetInvoiceEmailAddresses', { invoiceId });
  const known = addresses.data?.data.addresses ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label={t('invoicing.money.email')}
        description={
          known.length ? t('invoicing.money.emailHint', { email: known[0]!.email }) : t('invoicing.money.emailNeeded')
        }
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        type="email"
        data-autofocus
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          loading={send.isPending}
          onClick={async () => {
            setError(null);
            try {
              const done = await send.mutateAsync({ invoiceId, ...(email.trim() ? { email: email.trim() } : {}) });
              notifySuccess(t('invoicing.money.linkSent'), done.message);
              onDone();
            } catch (e) {
              setError(messageOf(e));
            }
          }}
        >
          {t('invoicing.money.send')}
        </Button>
      </Group>
    </Stack>
  );
}
