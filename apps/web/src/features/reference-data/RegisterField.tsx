import {
  ColorInput,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Skeleton,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { fixedLists } from '@cabdesk/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '../../ui/LookupSelect';
import { fixedLabel } from './cells';
import { errorOf } from './form-values';
import type { Coordinate } from './map/PointField';
import type { LatLng } from './polygon';
import type { FieldDef, FormValues } from './register-types';

// Leaflet is loaded only by the forms that show a map.
const OutlineField = lazy(() => import('./map/OutlineField'));
const PointField = lazy(() => import('./map/PointField'));

export const SWATCHES = [
  '#1c7ed6',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#495057',
];

/** The company currency's symbol (£), shown in front of money inputs. */
export function currencySymbol(locale: string, currency = localStorage.getItem('currency') ?? 'GBP'): string {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')
      ?.value ?? currency
  );
}

/** One input of a register form, chosen by the field's kind. */
export function RegisterField({
  field,
  form,
  rowId,
}: {
  field: FieldDef;
  form: UseFormReturnType<FormValues>;
  rowId?: number;
}) {
  const { t, i18n } = useTranslation();
  const label = t(`reference-data.field.${field.label ?? field.name}`);
  const description = field.help ? t(`reference-data.help.${field.help}`) : undefined;
  // Help under the input keeps inputs side by side aligned whether or not they have help.
  const common = {
    label,
    description,
    withAsterisk: field.required,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
  const input = form.getInputProps(field.name);
  const set = (value: unknown) => form.setFieldValue(field.name, value);

  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          {...input}
          maxLength={field.maxLength}
          onChange={(e) => set(field.upperCase ? e.currentTarget.value.toUpperCase() : e.currentTarget.value)}
          styles={field.upperCase ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
        />
      );
    case 'textarea':
      return <Textarea {...common} {...input} maxLength={field.maxLength} autosize minRows={2} maxRows={5} />;
    case 'number':
      return <NumberInput {...common} {...input} min={field.min} max={field.max} allowDecimal={false} />;
    case 'switch':
      return (
        <Switch
          label={label}
          description={description}
          mt="md"
          {...form.getInputProps(field.name, { type: 'checkbox' })}
        />
      );
    case 'lookup':
      return (
        <LookupSelect
          {...common}
          call={field.call}
          valueKey={field.valueKey}
          value={input.value as string | number | null}
          onChange={set}
          error={input.error}
          placeholder={t('reference-data.choose')}
        />
      );
    case 'fixed':
      return (
        <Select
          {...common}
          {...input}
          data={fixedLists[field.list].map((e) => ({ value: e.code, label: fixedLabel(field.list, e.code) }))}
          allowDeselect={!field.required}
          placeholder={t('reference-data.choose')}
        />
      );
    case 'choice':
      return (
        <Input.Wrapper {...common} error={input.error}>
          <SegmentedControl
            mt={4}
            fullWidth
            value={String(input.value ?? '')}
            onChange={set}
            data={field.options.map((o) => ({ value: o, label: t(`reference-data.choice.${o}`) }))}
          />
        </Input.Wrapper>
      );
    case 'dateRange':
      return (
        <DatePickerInput
          {...common}
          type="range"
          allowSingleDateInRange
          clearable={!field.required}
          valueFormat="DD-MM-YYYY"
          placeholder={t('reference-data.pickDates')}
          value={[
            (form.values[field.name] as string | null) ?? null,
            (form.values[field.end] as string | null) ?? null,
          ]}
          onChange={([start, end]) => {
            form.setFieldValue(field.name, start);
            form.setFieldValue(field.end, end);
          }}
          error={errorOf(form.errors, field.name, field.end)}
        />
      );
    case 'colour':
      return <ColorInput {...common} {...input} format="hex" swatches={SWATCHES} swatchesPerRow={13} />;
    case 'money':
      return (
        <TextInput
          {...common}
          {...input}
          inputMode="decimal"
          placeholder="0.00"
          leftSection={currencySymbol(i18n.language)}
        />
      );
    case 'percent':
      return <TextInput {...common} {...input} inputMode="decimal" placeholder="10" rightSection="%" />;
    case 'polygon':
      return (
        <Suspense fallback={<Skeleton h={420} radius="md" />}>
          <OutlineField
            label={label}
            required={field.required}
            value={form.values[field.name] as LatLng[]}
            onChange={set}
            colour={String(form.values.colour ?? '#1c7ed6')}
            error={errorOf(form.errors, field.name)}
            zoneId={rowId}
          />
        </Suspense>
      );
    case 'point':
      return (
        <Suspense fallback={<Skeleton h={380} radius="md" />}>
          <PointField
            label={label}
            lat={form.values[field.name] as Coordinate}
            lng={form.values[field.lng] as Coordinate}
            onChange={(lat, lng) => {
              form.setFieldValue(field.name, lat);
              form.setFieldValue(field.lng, lng);
            }}
            latError={errorOf(form.errors, field.name)}
            lngError={errorOf(form.errors, field.lng)}
          />
        </Suspense>
      );
  }
}
