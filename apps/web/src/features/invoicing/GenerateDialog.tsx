import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkProgress } from '../../ui/WorkProgress';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { PeriodFields, type Period } from '../../ui/PeriodFields';

/**
 * Auto-generation for a period: started by CreateAutoGenerate, then its progress read each second
 * until the run is done or failed. Mounted when opened, so each opening starts afresh.
 */
export function GenerateDialog({
  opened,
  period,
  onClose,
  onDone,
}: {
  opened: boolean;
  period: Period;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Period>(period);
  const [runId, setRunId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useCallMutation('BookingInvoice/CreateAutoGenerate');
  const run = useCall(
    'BookingInvoice/GetAutoGenerateRun',
    { id: runId ?? 1 },
    {
      enabled: runId !== null,
      refetchInterval: (q) => (q.state.data?.data.status === 'running' ? 1000 : false),
    },
  );
  const progress = runId !== null ? run.data?.data : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoicing.generateTitle')}>
      <Stack>
        <Text size="sm">{t('invoicing.generateHelp')}</Text>
        <PeriodFields value={value} onChange={setValue} />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {progress ? (
          <WorkProgress
            done={progress.status === 'done' ? 1 : progress.clientsDone}
            total={progress.status === 'done' ? 1 : progress.clientsTotal}
            label={t('invoicing.progress')}
            text={
              progress.status === 'failed'
                ? t('invoicing.runFailed', { error: progress.error ?? '' })
                : t(progress.status === 'done' ? 'invoicing.runDone' : 'invoicing.runProgress', {
                    done: progress.clientsDone,
                    total: progress.clientsTotal,
                    made: progress.invoicesMade,
                  })
            }
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.close')}
          </Button>
          {progress?.status === 'done' ? (
            <Button onClick={onDone}>{t('invoicing.showGenerated')}</Button>
          ) : (
            <Button
              loading={start.isPending || progress?.status === 'running'}
              disabled={!value.fromDate || !value.toDate}
              onClick={async () => {
                setError(null);
                try {
                  const answer = await start.mutateAsync({ fromDate: value.fromDate, toDate: value.toDate });
                  setRunId(answer.data.id);
                } catch (e) {
                  setError(messageOf(e));
                }
              }}
            >
              {t('invoicing.generateStart')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
