import { Checkbox, Grid, Group, Stack, TextInput } from '@mantine/core';
import type { PricingModelKind } from '@cabdesk/fare-engine';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { useContractForm } from '../../kit/useContractForm';
import { FareCurve } from './FareCurve';
import type { ModelForm } from './form-parts';
import { HourlyFields, VehicleRatesFields, ZoneGridFields } from './KindFields';
import {
  fieldOfModel,
  type ModelDetail,
  type ModelFormValues,
  moneyErrors,
  newModelValues,
  toCreateInput,
  toFormValues,
  toUpdateInput,
} from './model-form';
import { PeaksFields } from '../../ui/rules/PeaksFields';
import { pricingKind } from './pricing-kind';
import { TariffFields } from './TariffFields';

/** The fields of a model of one kind: its name and settings, its rules, and its peaks. */
function ModelFields({ form, readOnly }: { form: ModelForm; readOnly?: boolean }) {
  const { t } = useTranslation();
  const kind = form.values.kind;
  return (
    <Stack gap="lg">
      <FormSection title={t('pricing.editor.model')}>
        <FormCol span={6}>
          <TextInput label={t('pricing.name')} required {...form.getInputProps('name')} />
        </FormCol>
        <FormCol span={6}>
          <Group gap="lg" mt={{ base: 0, md: 28 }}>
            {kind === 'standard' || kind === 'vehicle' ? (
              <Checkbox label={t('pricing.isDefault')} {...form.getInputProps('isDefault', { type: 'checkbox' })} />
            ) : null}
            <Checkbox label={t('pricing.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          </Group>
        </FormCol>
      </FormSection>
      {kind === 'standard' ? <TariffFields form={form} readOnly={readOnly} /> : null}
      {kind === 'vehicle' ? <VehicleRatesFields form={form} readOnly={readOnly} /> : null}
      {kind === 'zone' ? (
        <FormSection title={t('pricing.zone.title')}>
          <Grid.Col span={12}>
            <ZoneGridFields form={form} readOnly={readOnly} />
          </Grid.Col>
        </FormSection>
      ) : null}
      {kind === 'hourly' ? <HourlyFields form={form} readOnly={readOnly} /> : null}
      {kind === 'fixed' ? null : <PeaksFields form={form} readOnly={readOnly} />}
    </Stack>
  );
}

/**
 * A pricing model's editor: one form per kind sharing the tariff part, checked as you type by the
 * call's own schema (the engine's rules and words), with the live fare curve beside it. Saving an
 * existing model makes a new version.
 */
export function ModelEditor({
  kind,
  record,
  readOnly = false,
}: {
  kind: PricingModelKind;
  record: ModelDetail | null;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kit = useContractForm(
    pricingKind.create,
    pricingKind.update,
    { create: toCreateInput, update: toUpdateInput },
    {
      record,
      initialValues: record ? toFormValues({ ...record, kind }) : newModelValues(kind),
      fieldOf: fieldOfModel(kind),
      moreRules: (values: ModelFormValues) => moneyErrors(values, t('pricing.editor.notAmount')),
      success: record ? t('pricing.saved') : t('pricing.added'),
      onSaved: (saved) => {
        if (!record) void navigate(`/pricing/${saved.id}`);
      },
    },
  );
  const fields = readOnly ? (
    <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <ModelFields form={kit.form} readOnly />
    </fieldset>
  ) : (
    <FormShell
      kit={kit}
      onCancel={() => void navigate(pricingKind.path)}
      submitLabel={record ? t('pricing.editor.saveVersion') : t('pricing.editor.create')}
    >
      <ModelFields form={kit.form} />
    </FormShell>
  );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>{fields}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <div style={{ position: 'sticky', top: 80 }}>
          <FareCurve values={kit.form.values} />
        </div>
      </Grid.Col>
    </Grid>
  );
}
