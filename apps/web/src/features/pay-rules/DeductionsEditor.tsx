import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { deductionKinds, type Deduction } from '@cabdesk/pay-engine';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useCallForm } from '../../kit/useContractForm';
import { money } from '../../ui/format';
import { MoneyField } from '../../ui/rules/fields';
import { AddButton, RowActions, useEditing } from './PartEditing';
import { Rows } from './PartTables';
import { deductionValues, nextId, rowFieldOf, toDeduction, withRow } from './part-values';
import { notAmount, type PayModelDetail } from './rule-form';

/**
 * Deductions (rent of a company car, the app subscription, equipment): weekly amounts taken from the
 * statement. They have no call of their own: the list goes through DriverPayment/Update's
 * `deductions`, with one row added, changed or left out; a new version.
 */

export function DeductionsEditor({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  const update = useCallMutation('DriverPayment/Update');
  const editing = useEditing();
  const deductions = model.rules?.deductions ?? [];
  return (
    <Stack gap="sm">
      <AddButton label={t('pay-rules.deductions.add')} onClick={() => editing.open(deductions.length)} />
      <Rows
        testId="deductions"
        head={[
          t('pay-rules.name'),
          t('pay-rules.kindLabel'),
          t('pay-rules.weekly'),
          t('pay-rules.companyCarOnly'),
          t('pay-rules.actions'),
        ]}
        empty={t('pay-rules.none')}
        rows={deductions.map((d, i) => [
          d.name,
          t(`pay-rules.deduction.${d.kind}`),
          money(d.weeklyAmount),
          d.companyCarOnly ? t('pay-rules.yes') : t('pay-rules.no'),
          <RowActions
            key="actions"
            name={d.name}
            onChange={() => editing.open(i)}
            remove={() =>
              update.mutateAsync({ DriverPaymentID: model.id, deductions: deductions.filter((x) => x.id !== d.id) })
            }
          />,
        ])}
      />
      <RecordFormModal opened={editing.at !== null} onClose={editing.close} title={t('pay-rules.deductions.title')}>
        <DeductionForm
          modelId={model.id}
          deductions={deductions}
          at={editing.at ?? deductions.length}
          onDone={editing.close}
        />
      </RecordFormModal>
    </Stack>
  );
}

/** The deduction at `at` of the list in force; past its end, a new one. */
export function DeductionForm({
  modelId,
  deductions,
  at,
  onDone,
}: {
  modelId: number;
  deductions: readonly Deduction[];
  at: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/Update', {
    initialValues: deductionValues(deductions[at], nextId(deductions)),
    toInput: (v) => ({ DriverPaymentID: modelId, deductions: withRow(deductions, at, toDeduction(v)) }),
    fieldOf: rowFieldOf('deductions', at),
    moreRules: (v) => notAmount({ weeklyAmount: v.weeklyAmount }, t('pay-rules.notAmount')),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  const { form } = kit;
  return (
    <FormShell kit={kit} onCancel={onDone} submitLabel={t('pay-rules.saveVersion')}>
      <FormSection title={t('pay-rules.deductions.title')} hint={t('pay-rules.deductions.hint')}>
        <FormCol span={6}>
          <TextInput label={t('pay-rules.name')} required {...form.getInputProps('name')} />
        </FormCol>
        <FormCol span={6}>
          <Select
            label={t('pay-rules.kindLabel')}
            allowDeselect={false}
            data={deductionKinds.map((k) => ({ value: k, label: t(`pay-rules.deduction.${k}`) }))}
            {...form.getInputProps('kind')}
          />
        </FormCol>
        <FormCol span={6}>
          <MoneyField model={form} path="weeklyAmount" label={t('pay-rules.weekly')} required />
        </FormCol>
        <FormCol span={6}>
          <Checkbox
            mt="xl"
            label={t('pay-rules.companyCarOnly')}
            {...form.getInputProps('companyCarOnly', { type: 'checkbox' })}
          />
        </FormCol>
      </FormSection>
    </FormShell>
  );
}
