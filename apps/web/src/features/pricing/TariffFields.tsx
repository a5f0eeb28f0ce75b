import { Grid, Select, Stack } from '@mantine/core';
import { deadMileageModes } from '@cabdesk/fare-engine';
import { useTranslation } from 'react-i18next';
import { FormCol, FormSection } from '../../kit/FormShell';
import { type ModelForm, MoneyField, NumberField, valueAt } from './form-parts';
import { MileageStepsTable } from '../../ui/rules/MileageStepsTable';

/**
 * The tariff every distance model shares: base fare and the distance it includes, the mileage
 * steps, a rate per minute, waiting (grace, airport grace, rate), the minimum fare and dead
 * mileage. `prefix` is where the tariff sits in the model (`''`, `standard.`, `vehicles.2.tariff.`).
 */
export function TariffFields({
  form,
  prefix = '',
  readOnly,
}: {
  form: ModelForm;
  prefix?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const p = (field: string) => `${prefix}${field}`;
  const deadMode = valueAt<string>(form, p('deadMileage.mode'));
  return (
    <Stack gap="md">
      <FormSection title={t('pricing.tariff.fare')}>
        <FormCol>
          <MoneyField model={form} path={p('baseFare')} label={t('pricing.tariff.baseFare')} />
        </FormCol>
        <FormCol>
          <NumberField model={form} path={p('includedKm')} label={t('pricing.tariff.includedKm')} decimalScale={3} />
        </FormCol>
        <FormCol>
          <MoneyField model={form} path={p('minimumFare')} label={t('pricing.tariff.minimumFare')} />
        </FormCol>
        <FormCol>
          <MoneyField model={form} path={p('ratePerMinute')} label={t('pricing.tariff.ratePerMinute')} />
        </FormCol>
      </FormSection>
      <FormSection title={t('pricing.steps.title')}>
        <Grid.Col span={12}>
          <MileageStepsTable form={form} path={p('mileageSteps')} readOnly={readOnly} />
        </Grid.Col>
      </FormSection>
      <FormSection title={t('pricing.tariff.waiting')}>
        <FormCol>
          <NumberField model={form} path={p('waiting.graceMinutes')} label={t('pricing.tariff.graceMinutes')} />
        </FormCol>
        <FormCol>
          <NumberField
            model={form}
            path={p('waiting.airportGraceMinutes')}
            label={t('pricing.tariff.airportGraceMinutes')}
          />
        </FormCol>
        <FormCol>
          <MoneyField model={form} path={p('waiting.ratePerMinute')} label={t('pricing.tariff.waitingRate')} />
        </FormCol>
      </FormSection>
      <FormSection title={t('pricing.tariff.deadMileage')}>
        <FormCol>
          <Select
            label={t('pricing.tariff.deadMileageMode')}
            data={deadMileageModes.map((m) => ({ value: m, label: t(`pricing.deadMileage.${m}`) }))}
            allowDeselect={false}
            {...form.getInputProps(p('deadMileage.mode'))}
          />
        </FormCol>
        {deadMode && deadMode !== 'none' ? (
          <>
            <FormCol>
              <MoneyField model={form} path={p('deadMileage.ratePerKm')} label={t('pricing.tariff.deadMileageRate')} />
            </FormCol>
            <FormCol>
              <NumberField
                model={form}
                path={p('deadMileage.freeKm')}
                label={t('pricing.tariff.deadMileageFreeKm')}
                decimalScale={3}
              />
            </FormCol>
          </>
        ) : null}
      </FormSection>
    </Stack>
  );
}
