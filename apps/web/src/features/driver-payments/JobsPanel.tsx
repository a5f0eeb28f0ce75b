import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { messageOf } from '../../api/errors';
import { useCallMutation } from '../../api/hooks';
import { dateTime, fromMinor, money, toMinor } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { currencySymbol } from '../../ui/rules/fields';
import { MONEY } from '../../ui/rules/values';
import { JobPayBreakdown } from '../pay-rules/TryJobPanel';
import { isOpen, type Statement } from './shared';

type Job = Statement['jobs'][number];

/**
 * The jobs paid on the statement: each with its fare and the driver's pay, and under it, when
 * unfolded, the engine's breakdown (its items add up to the pay, and the rules it looked at) — the
 * same one "Try a job" shows, so a driver's question "why this much?" has its answer here. Before
 * approval a job's pay can be changed, with a reason.
 */
export function JobsPanel({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const editable = isOpen(statement) && canCall('DrvrPayment/updateCommissionsGeneratedPaymentsViews');
  const [open, setOpen] = useState<number[]>([]);
  const [changing, setChanging] = useState<Job | null>(null);
  if (statement.jobs.length === 0) return <Text>{t('driver-payments.noJobs')}</Text>;
  const toggle = (id: number) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table withTableBorder data-testid="statement-jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t('driver-payments.breakdown')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('driver-payments.pickup')}</Table.Th>
              <Table.Th>{t('driver-payments.booking')}</Table.Th>
              <Table.Th>{t('driver-payments.paidBy')}</Table.Th>
              <Table.Th ta="right">{t('driver-payments.fare')}</Table.Th>
              <Table.Th ta="right">{t('driver-payments.pay')}</Table.Th>
              {editable ? (
                <Table.Th>
                  <VisuallyHidden>{t('driver-payments.actions')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.jobs.map((job) => {
              const unfolded = open.includes(job.id);
              const panelId = `job-breakdown-${job.id}`;
              return (
                <Fragment key={job.id}>
                  <Table.Tr data-testid={`job-${job.bookingId}`}>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        aria-expanded={unfolded}
                        aria-controls={panelId}
                        aria-label={t('driver-payments.showBreakdown', { booking: job.bookingId })}
                        onClick={() => toggle(job.id)}
                      >
                        {unfolded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>{dateTime(job.pickupAt)}</Table.Td>
                    <Table.Td>#{job.bookingId}</Table.Td>
                    <Table.Td>{t(`driver-payments.paid.${job.paymentMethod}`, job.paymentMethod)}</Table.Td>
                    <Table.Td ta="right">{money(job.fareMinor)}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} component="span">
                        {money(job.payMinor)}
                      </Text>
                      {job.correctionReason ? (
                        <Text size="xs">{t('driver-payments.changedBecause', { reason: job.correctionReason })}</Text>
                      ) : null}
                    </Table.Td>
                    {editable ? (
                      <Table.Td w={48}>
                        <Tooltip label={t('driver-payments.changePay')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('driver-payments.changePayOf', { booking: job.bookingId })}
                            onClick={() => setChanging(job)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                  {unfolded ? (
                    <Table.Tr id={panelId}>
                      <Table.Td colSpan={editable ? 7 : 6} bg="var(--mantine-color-body)">
                        <Breakdown job={job} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {changing ? <ChangePay statement={statement} job={changing} onClose={() => setChanging(null)} /> : null}
    </>
  );
}

/** The engine's breakdown as kept with the job; a job paid by no model (or before breakdowns were kept) says so. */
function Breakdown({ job }: { job: Job }) {
  const { t } = useTranslation();
  const parsed = schemas.jobPayResult.safeParse(job.breakdown);
  return (
    <Stack gap="xs" p="xs" data-testid="job-breakdown">
      {parsed.success ? (
        <JobPayBreakdown pay={parsed.data} />
      ) : (
        <Text size="sm">{t(job.modelId === null ? 'driver-payments.noModel' : 'driver-payments.noBreakdown')}</Text>
      )}
      {job.correctionReason && parsed.success ? (
        <Text size="sm" fw={600}>
          {t('driver-payments.correctedTo', {
            pay: money(job.payMinor),
            engine: money(parsed.data.amount),
            reason: job.correctionReason,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

function ChangePay({ statement, job, onClose }: { statement: Statement; job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const [pay, setPay] = useState(fromMinor(job.payMinor));
  const [reason, setReason] = useState(job.correctionReason ?? '');
  const [error, setError] = useState<string | null>(null);
  const change = useCallMutation('DrvrPayment/updateCommissionsGeneratedPaymentsViews');
  const amountOk = MONEY.test(pay);
  const save = async () => {
    setError(null);
    try {
      const answer = await change.mutateAsync({
        statementId: statement.id,
        bookingId: job.bookingId,
        payMinor: toMinor(pay),
        reason: reason.trim(),
      });
      notifySuccess(t('driver-payments.payChanged'), answer.message);
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('driver-payments.changePayOf', { booking: job.bookingId })}>
      <Stack gap="sm">
        <TextInput
          label={t('driver-payments.newPay')}
          leftSection={currencySymbol()}
          inputMode="decimal"
          value={pay}
          onChange={(e) => setPay(e.currentTarget.value)}
          error={pay && !amountOk ? t('driver-payments.badAmount') : undefined}
          required
          data-autofocus
        />
        <Textarea
          label={t('driver-payments.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          autosize
          minRows={2}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button loading={change.isPending} disabled={!amountOk || !reason.trim()} onClick={() => void save()}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
