import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCallMutation } from '../../api/hooks';
import { notifySuccess } from '../../ui/notify';
import { SettlementFields, useSettlement } from './SettlementFields';
import { chunks } from './shared';
import { BatchProgress } from './StatementListTab';

const { STATEMENT_BATCH_LIMIT } = schemas;

/**
 * Settles the chosen approved statements in full: each one's rest paid to or collected from its
 * driver, by bank or cash, with a reference and the day it was paid. More than 200 go in several calls.
 */
export function SettleDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const settlement = useSettlement();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const settle = useCallMutation('DrvrPayment/SettlePayments');
  const submit = async () => {
    setError(null);
    setDone(0);
    let settled = 0;
    try {
      const how = settlement.payload();
      for (const batch of chunks(ids, STATEMENT_BATCH_LIMIT)) {
        await settle.mutateAsync({ ids: batch, ...how });
        settled += batch.length;
        setDone(settled);
      }
      notifySuccess(t('driver-payments.settledMany', { count: settled }));
      onDone();
    } catch (e) {
      setError(settled ? `${t('driver-payments.settledSome', { count: settled })} ${messageOf(e)}` : messageOf(e));
      setDone(null);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('driver-payments.settleTitle', { count: ids.length })}>
      <Stack gap="sm">
        <Text size="sm">{t('driver-payments.settleHelp')}</Text>
        <SettlementFields settlement={settlement} autoFocus />
        {done !== null && ids.length > STATEMENT_BATCH_LIMIT ? (
          <BatchProgress done={done} total={ids.length} label={t('driver-payments.settling')} />
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button loading={settle.isPending} onClick={() => void submit()}>
            {t('driver-payments.settle')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
