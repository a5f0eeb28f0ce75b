import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { creditSettlements, type CallInput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { money, toMinor } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';

type Kind = 'whole' | 'lines' | 'amount';
type Settlement = (typeof creditSettlements)[number];

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The invoice the note is for; left out, the person types the invoice's id. */
  invoiceId?: number;
}

/**
 * A new credit note against one issued invoice: the whole invoice, chosen lines (all or part of
 * each), or an amount at one of the invoice's VAT rates; with a reason and what happens to the money.
 * Saved as a draft, or issued at once.
 */
export function CreditNoteDialog({ opened, onClose, invoiceId }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('credit-notes.new')} size="lg">
      {opened ? <CreditNoteForm onDone={onClose} invoiceId={invoiceId} /> : null}
    </Modal>
  );
}

function CreditNoteForm({ onDone, invoiceId }: { onDone: () => void; invoiceId?: number | undefined }) {
  const { t } = useTranslation();
  const [typedId, setTypedId] = useState<string | number>('');
  const id = invoiceId ?? (typeof typedId === 'number' && typedId > 0 ? typedId : 0);
  const data = useCall('Client/GetInvoiceData', { invoiceId: id }, { enabled: id > 0, retry: false });
  const [kind, setKind] = useState<Kind>('whole');
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [settlement, setSettlement] = useState<Settlement>('reduceInvoice');
  const [error, setError] = useState<string | null>(null);
  const create = useCallMutation('CreditNote/CreateCreditNote');
  const issue = useCallMutation('CreditNote/UpdateCreditNote');
  const inv = data.data?.data;
  const onlyRate = inv?.lines.vatRows.length === 1 ? String(inv.lines.vatRows[0]!.vatPercentage) : null;
  const chosenRate = rate ?? onlyRate;

  const submit = async (andIssue: boolean) => {
    setError(null);
    if (!inv) return;
    const input: CallInput<'CreditNote/CreateCreditNote'> = { invoiceId: inv.invoiceId, reason, settlement, kind };
    if (kind === 'lines') {
      input.lines = Object.entries(chosen).map(([lineId, text]) => ({
        invoiceLineId: Number(lineId),
        ...(text.trim() ? { amountMinor: toMinor(text) } : {}),
      }));
    }
    if (kind === 'amount') {
      input.amountMinor = amount.trim() ? toMinor(amount) : 0;
      if (chosenRate !== null) input.vatPercentage = Number(chosenRate);
    }
    try {
      const made = await create.mutateAsync(input);
      if (andIssue) {
        const done = await issue.mutateAsync({ id: made.data.id, issue: true });
        notifySuccess(t('credit-notes.issued'), done.message);
      } else notifySuccess(t('credit-notes.saved'), made.message);
      onDone();
    } catch (e) {
      setError(messageOf(e));
      notifyError(t('credit-notes.failed'), e);
    }
  };

  return (
    <Stack gap="md">
      {invoiceId ? null : (
        <NumberInput
          label={t('credit-notes.invoiceId')}
          description={t('credit-notes.invoiceIdHint')}
          value={typedId}
          onChange={setTypedId}
          min={1}
          allowDecimal={false}
          data-autofocus
        />
      )}
      {id > 0 && data.isPending ? <Loader size="sm" aria-label={t('credit-notes.loadingInvoice')} /> : null}
      {id > 0 && data.isError ? (
        <Alert color="red" role="alert">
          {messageOf(data.error)}
        </Alert>
      ) : null}
      {inv ? (
        <>
          <Text size="sm">
            {t('credit-notes.invoiceFacts', {
              no: inv.invoiceNo ?? inv.invoiceId,
              client: inv.clientName,
              gross: money(inv.grossMinor, inv.currency),
              creditable: money(inv.creditableMinor, inv.currency),
            })}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as Kind)}
            data={(['whole', 'lines', 'amount'] as const).map((k) => ({
              value: k,
              label: t(`credit-notes.kind.${k}`),
            }))}
            aria-label={t('credit-notes.what')}
          />
          {kind === 'lines' ? (
            <Table aria-label={t('credit-notes.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credit-notes.line')}</Table.Th>
                  <Table.Th ta="right">{t('credit-notes.gross')}</Table.Th>
                  <Table.Th>{t('credit-notes.partAmount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.lines.items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Checkbox
                        label={l.description}
                        checked={l.id in chosen}
                        disabled={l.creditedMinor >= l.grossMinor}
                        onChange={(e) => {
                          const next = { ...chosen };
                          if (e.currentTarget.checked) next[l.id] = '';
                          else delete next[l.id];
                          setChosen(next);
                        }}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      {money(l.grossMinor, inv.currency)}
                      {l.creditedMinor ? (
                        <Text size="xs" c="dimmed">
                          {t('credit-notes.creditedSoFar', { amount: money(l.creditedMinor, inv.currency) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('credit-notes.partOf', { line: l.description })}
                        placeholder={t('credit-notes.wholeLine')}
                        disabled={!(l.id in chosen)}
                        value={chosen[l.id] ?? ''}
                        onChange={(e) => setChosen({ ...chosen, [l.id]: e.currentTarget.value })}
                        inputMode="decimal"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {kind === 'amount' ? (
            <Group grow>
              <TextInput
                label={t('credit-notes.amountGross')}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                inputMode="decimal"
                required
              />
              <Select
                label={t('credit-notes.vatRate')}
                data={inv.lines.vatRows.map((r) => ({ value: String(r.vatPercentage), label: `${r.vatPercentage} %` }))}
                value={chosenRate}
                onChange={setRate}
              />
            </Group>
          ) : null}
          <Textarea
            label={t('credit-notes.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
          />
          <Radio.Group
            label={t('credit-notes.settlementLabel')}
            value={settlement}
            onChange={(v) => setSettlement(v as Settlement)}
          >
            <Stack gap={6} mt={4}>
              {creditSettlements.map((s) => (
                <Radio
                  key={s}
                  value={s}
                  label={t(`credit-notes.settlement.${s}`)}
                  description={t(`credit-notes.settlementHint.${s}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void submit(false)} loading={create.isPending && !issue.isPending}>
              {t('credit-notes.saveDraft')}
            </Button>
            <Button onClick={() => void submit(true)} loading={issue.isPending}>
              {t('credit-notes.saveAndIssue')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
