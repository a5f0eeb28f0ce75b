import { Select, TextInput } from '@mantine/core';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyToday } from '../../ui/date-entry';
import { paidAtOf } from './shared';

const { driverSettlementMethods } = schemas;
type Method = (typeof driverSettlementMethods)[number];

/**
 * How a statement's money moved — bank or cash, a reference, the day — as both a single payment and a
 * bulk settlement ask it; `payload()` is what the calls take.
 */
export function useSettlement() {
  const [method, setMethod] = useState<Method>('bank');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(companyToday());
  const payload = () => {
    const paidAt = paidAtOf(paidOn);
    return { method, ...(reference.trim() ? { reference: reference.trim() } : {}), ...(paidAt ? { paidAt } : {}) };
  };
  return { method, setMethod, reference, setReference, paidOn, setPaidOn, payload };
}

export function SettlementFields({
  settlement,
  autoFocus = false,
}: {
  settlement: ReturnType<typeof useSettlement>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('driver-payments.method')}
        data={driverSettlementMethods.map((m) => ({ value: m, label: t(`driver-payments.methods.${m}`) }))}
        value={settlement.method}
        onChange={(v) => settlement.setMethod((v as Method | null) ?? 'bank')}
        allowDeselect={false}
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        label={t('driver-payments.reference')}
        value={settlement.reference}
        onChange={(e) => settlement.setReference(e.currentTarget.value)}
      />
      <TextInput
        label={t('driver-payments.paidOn')}
        type="date"
        value={settlement.paidOn}
        onChange={(e) => settlement.setPaidOn(e.currentTarget.value)}
      />
    </>
  );
}
