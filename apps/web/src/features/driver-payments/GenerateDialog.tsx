import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkProgress } from '../../ui/WorkProgress';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { day } from '../../ui/format';
import type { Period } from '../../ui/PeriodFields';

type Answer = CallOutput<'DrvrPayment/GeneratePayment'>;

/**
 * Makes the period's statements for the drivers chosen (none chosen: every eligible driver). A call
 * for few drivers answers with the statements; for many it answers a run at once, whose progress is
 * read each second until it is done or failed. Mounted when opened, so each opening starts afresh.
 */
export function GenerateDialog({
  period,
  driverIds,
  onClose,
  onDone,
}: {
  period: Period;
  driverIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useCallMutation('DrvrPayment/GeneratePayment');
  const runId = answer?.run?.id ?? null;
  const run = useCall(
    'DrvrPayment/GetGeneratePaymentRun',
    { id: runId ?? 1 },
    {
      enabled: runId !== null,
      refetchInterval: (q) => (q.state.data?.data.status === 'running' ? 1000 : false),
    },
  );
  const progress = runId !== null ? (run.data?.data ?? answer?.run ?? null) : null;
  const finished = answer !== null && (progress === null || progress.status === 'done');
  return (
    <Modal opened onClose={onClose} title={t('driver-payments.generateTitle')}>
      <Stack>
        <Text size="sm">
          {t(driverIds.length ? 'driver-payments.generateChosenHelp' : 'driver-payments.generateAllHelp', {
            count: driverIds.length,
            from: day(period.fromDate),
            to: day(period.toDate),
          })}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {progress ? (
          <WorkProgress
            done={progress.status === 'done' ? 1 : progress.driversDone}
            total={progress.status === 'done' ? 1 : progress.driversTotal}
            label={t('driver-payments.progress')}
            text={
              progress.status === 'failed'
                ? t('driver-payments.runFailed', { error: progress.error ?? '' })
                : t('driver-payments.runProgress', { done: progress.driversDone, total: progress.driversTotal })
            }
          />
        ) : null}
        {finished ? (
          <Text size="sm" role="status">
            {t('driver-payments.generated', {
              made: progress?.statementsMade ?? answer.made,
              replaced: progress?.replaced ?? answer.replaced,
            })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.close')}
          </Button>
          {finished ? (
            <Button onClick={onDone}>{t('driver-payments.showGenerated')}</Button>
          ) : (
            <Button
              loading={start.isPending || progress?.status === 'running'}
              disabled={progress?.status === 'failed'}
              onClick={async () => {
                setError(null);
                try {
                  const made = await start.mutateAsync({
                    fromDate: period.fromDate,
                    toDate: period.toDate,
                    ...(driverIds.length ? { driverIDs: driverIds } : {}),
                  });
                  setAnswer(made.data);
                } catch (e) {
                  setError(messageOf(e));
                }
              }}
            >
              {t('driver-payments.generateStart')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
