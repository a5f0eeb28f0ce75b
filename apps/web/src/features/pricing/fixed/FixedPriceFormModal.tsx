import { Alert, Button, Checkbox, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas, type CallInput, type CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../../api/hooks';
import { messageOf } from '../../../api/errors';
import { RecordFormModal } from '../../../kit/RecordFormModal';
import { fromMinor, toMinor } from '../../../ui/format';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';

type Row = CallOutput<'FixedPricing/GetTableSummary'>;
type Place = CallOutput<'FixedPricing/GetLocationList'>;

interface Values {
  fromKey: string;
  toKey: string;
  vehicleTypeID: string;
  price: string;
  reverseAlsoMatches: boolean;
}

const validate = zodValidate(schemas.fixedPriceInput);

const toInput = (v: Values): CallInput<'FixedPricing/Create'> => ({
  // Left empty, a place is sent missing so that the rules answer "is required".
  fromKey: (v.fromKey || undefined) as string,
  toKey: (v.toKey || undefined) as string,
  vehicleTypeID: Number(v.vehicleTypeID) || 0,
  priceMinor: v.price.trim() === '' ? (undefined as unknown as number) : toMinor(v.price),
  reverseAlsoMatches: v.reverseAlsoMatches,
});

/** Places grouped by kind for a searchable select. */
export function placeOptions(places: readonly Place[], kindLabel: (kind: Place['kind']) => string) {
  const kinds: Place['kind'][] = ['location', 'postcode', 'zone'];
  return kinds
    .map((kind) => ({
      group: kindLabel(kind),
      items: places.filter((p) => p.kind === kind).map((p) => ({ value: p.key, label: p.label })),
    }))
    .filter((g) => g.items.length);
}

/** Add or edit one fixed price: places from the location list, vehicle type, price, reverse. */
export function FixedPriceFormModal({
  opened,
  onClose,
  row,
  pricingModelID,
}: {
  opened: boolean;
  onClose: () => void;
  row: Row | null;
  pricingModelID?: number;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={t(row ? 'pricing.fixed.editTitle' : 'pricing.fixed.addTitle')}
      size="min(620px, 96vw)"
    >
      <FixedPriceForm row={row} onClose={onClose} pricingModelID={pricingModelID} />
    </RecordFormModal>
  );
}

function FixedPriceForm({
  row,
  onClose,
  pricingModelID,
}: {
  row: Row | null;
  onClose: () => void;
  pricingModelID?: number;
}) {
  const { t } = useTranslation();
  const choices = useCall('FixedPricing/GetEditData', { id: row?.id ?? 0, pricingModelID });
  const create = useCallMutation('FixedPricing/Create');
  const update = useCallMutation('FixedPricing/Update');
  const form = useForm<Values>({
    initialValues: {
      fromKey: row?.fromKey ?? '',
      toKey: row?.toKey ?? '',
      vehicleTypeID: row?.vehicleTypeID ? String(row.vehicleTypeID) : '0',
      price: row ? fromMinor(row.priceMinor) : '',
      reverseAlsoMatches: row?.reverseAlsoMatches ?? false,
    },
    validate: (values) => validate(toInput(values) as never),
  });
  const submit = useSubmit(
    form,
    (v) => {
      const input = toInput(v);
      return row ? update.mutateAsync({ ...input, id: row.id }) : create.mutateAsync({ ...input, pricingModelID });
    },
    { success: t('pricing.fixed.saved'), onDone: onClose },
  );
  if (choices.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        {t('pricing.fixed.loading')}
      </Group>
    );
  }
  if (choices.error || !choices.data) {
    return (
      <Alert color="red" role="alert">
        {t('pricing.fixed.loadFailed', { message: messageOf(choices.error) })}
      </Alert>
    );
  }
  const places = placeOptions(choices.data.data.places, (kind) => t(`pricing.fixed.kind.${kind}`));
  const types = [
    { value: '0', label: t('pricing.fixed.everyType') },
    ...choices.data.data.vehicleTypes.map((vt) => ({ value: String(vt.id), label: vt.name })),
  ];
  // A row of a place that left the list (switched off) still shows its key.
  const withCurrent = (key: string, label: string) =>
    key && !places.some((g) => g.items.some((i) => i.value === key))
      ? [...places, { group: '—', items: [{ value: key, label }] }]
      : places;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label={t('pricing.fixed.field.from')}
          placeholder={t('pricing.fixed.pickPlace')}
          nothingFoundMessage={t('pricing.fixed.noPlaces')}
          required
          searchable
          data={withCurrent(form.values.fromKey, row?.fromName ?? form.values.fromKey)}
          {...form.getInputProps('fromKey')}
        />
        <Select
          label={t('pricing.fixed.field.to')}
          placeholder={t('pricing.fixed.pickPlace')}
          nothingFoundMessage={t('pricing.fixed.noPlaces')}
          required
          searchable
          data={withCurrent(form.values.toKey, row?.toName ?? form.values.toKey)}
          {...form.getInputProps('toKey')}
        />
        <Select
          label={t('pricing.fixed.field.vehicleType')}
          data={types}
          allowDeselect={false}
          {...form.getInputProps('vehicleTypeID')}
        />
        <TextInput
          label={t('pricing.fixed.field.price')}
          required
          inputMode="decimal"
          w={180}
          {...form.getInputProps('price')}
          error={form.errors.price ?? form.errors.priceMinor}
        />
        <Checkbox
          label={t('pricing.fixed.field.reverse')}
          description={t('pricing.fixed.field.reverseHint')}
          {...form.getInputProps('reverseAlsoMatches', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
