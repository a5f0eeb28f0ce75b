import { Grid, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { payBases } from '@cabdesk/pay-engine';
import { useTranslation } from 'react-i18next';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { useCallForm } from '../../kit/useContractForm';
import { MoneyField, NumberField } from '../../ui/rules/fields';
import { MileageStepsTable } from '../../ui/rules/MileageStepsTable';
import { PeaksFields } from '../../ui/rules/PeaksFields';
import { peakMoneyErrors } from '../../ui/rules/values';
import {
  basisValues,
  mileageMoney,
  mileageValues,
  notAmount,
  type PayModelDetail,
  peakFormValues,
  toBasisInput,
  toMileageInput,
  toPeaksInput,
} from './rule-form';

/**
 * The editable parts of a pay model: each its own form over DriverPayment/Update with that part
 * alone, checked as you type by the call's schema (the pay engine's rules and words); saving makes a
 * new version.
 */

interface Props {
  model: PayModelDetail;
  onCancel: () => void;
}

export function BasisForm({ model, onCancel }: Props) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/Update', {
    initialValues: basisValues(model.rules),
    toInput: (v) => toBasisInput(v, model.id),
    moreRules: (v) =>
      notAmount({ fixedPerJob: v.fixedPerJob, 'hourly.ratePerHour': v.hourly.ratePerHour }, t('pay-rules.notAmount')),
    success: t('pay-rules.saved'),
  });
  const { form } = kit;
  const basis = form.values.basis;
  return (
    <FormShell kit={kit} onCancel={onCancel} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        <FormSection title={t('pay-rules.basis.title')} hint={t('pay-rules.basis.hint')}>
          <Grid.Col span={12}>
            <SegmentedControl
              aria-label={t('pay-rules.basis.title')}
              data={payBases.map((b) => ({ value: b, label: t(`pay-rules.basisName.${b}`) }))}
              {...form.getInputProps('basis')}
            />
          </Grid.Col>
        </FormSection>
        <FormSection title={t('pay-rules.commission.title')} hint={t('pay-rules.commission.hint')}>
          {(['cashPercent', 'cardPercent', 'accountPercent'] as const).map((field) => (
            <FormCol key={field} span={4}>
              <TextInput
                label={t(`pay-rules.commission.${field}`)}
                inputMode="decimal"
                rightSection={<Text size="sm">%</Text>}
                required={basis === 'commission'}
                {...form.getInputProps(`commission.${field}`)}
              />
            </FormCol>
          ))}
        </FormSection>
        <FormSection title={t('pay-rules.fixed.title')}>
          <FormCol span={4}>
            <MoneyField
              model={form}
              path="fixedPerJob"
              label={t('pay-rules.fixed.perJob')}
              required={basis === 'fixed'}
            />
          </FormCol>
        </FormSection>
        <FormSection title={t('pay-rules.hourly.title')}>
          <FormCol span={4}>
            <MoneyField
              model={form}
              path="hourly.ratePerHour"
              label={t('pay-rules.hourly.ratePerHour')}
              required={basis === 'hourly'}
            />
          </FormCol>
          <FormCol span={4}>
            <NumberField model={form} path="hourly.minimumMinutes" label={t('pay-rules.hourly.minimumMinutes')} />
          </FormCol>
        </FormSection>
      </Stack>
    </FormShell>
  );
}

export function MileageForm({ model, onCancel }: Props) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/Update', {
    initialValues: mileageValues(model.rules),
    toInput: (v) => toMileageInput(v, model.id),
    moreRules: (v) => notAmount(mileageMoney(v), t('pay-rules.notAmount')),
    success: t('pay-rules.saved'),
  });
  return (
    <FormShell kit={kit} onCancel={onCancel} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        {(['ownCar', 'companyCar'] as const).map((car) => (
          <FormSection key={car} title={t(`pay-rules.mileage.${car}`)} hint={t('pay-rules.mileage.hint')}>
            <FormCol span={4}>
              <MoneyField model={kit.form} path={`mileage.${car}.perJob`} label={t('pay-rules.mileage.perJob')} />
            </FormCol>
            <Grid.Col span={12}>
              <MileageStepsTable form={kit.form} path={`mileage.${car}.steps`} />
            </Grid.Col>
          </FormSection>
        ))}
      </Stack>
    </FormShell>
  );
}

export function PeaksForm({ model, onCancel }: Props) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/Update', {
    initialValues: peakFormValues(model.rules),
    toInput: (v) => toPeaksInput(v, model.id),
    moreRules: (v) => peakMoneyErrors(v, t('pay-rules.notAmount')),
    success: t('pay-rules.saved'),
  });
  return (
    <FormShell kit={kit} onCancel={onCancel} submitLabel={t('pay-rules.saveVersion')}>
      <PeaksFields form={kit.form} />
    </FormShell>
  );
}
