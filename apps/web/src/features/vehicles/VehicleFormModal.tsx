import {
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import {
  toFormValues,
  toInput,
  toUpdateInput,
  type Vehicle,
  type VehicleFormValues,
  vehicleTitle,
} from './form-values';

interface Props {
  /** The vehicle being edited; null adds a new one. */
  vehicle: Vehicle | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (vehicle: Vehicle) => void;
}

/** Add or edit a vehicle in a modal, checked as you type with the contract's rules. */
export function VehicleFormModal({ vehicle, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={vehicle ? t('vehicles.editTitle', { name: vehicleTitle(vehicle) }) : t('vehicles.addTitle')}
      size="min(820px, 96vw)"
      closeOnClickOutside={false}
    >
      {opened ? <VehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

const validate = zodValidate(schemas.vehicleFields);

function VehicleForm({ vehicle, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const create = useCallMutation('Vehicle/Create');
  const update = useCallMutation('Vehicle/Update');
  const form = useForm<VehicleFormValues>({
    initialValues: toFormValues(vehicle),
    validate: (values) => validate(toInput(values) as never),
    validateInputOnChange: true,
  });
  const submit = useSubmit(
    form,
    (values) => (vehicle ? update.mutateAsync(toUpdateInput(vehicle.id, values)) : create.mutateAsync(toInput(values))),
    {
      success: vehicle ? t('vehicles.saved') : t('vehicles.added'),
      onDone: (res) => {
        onClose();
        onSaved?.(res.data);
      },
    },
  );
  const field = (name: keyof VehicleFormValues) => form.getInputProps(name);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title={t('vehicles.section.vehicle')}>
          <Col>
            <TextInput
              label={t('vehicles.field.registration')}
              description={t('vehicles.help.registration')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              data-autofocus
              styles={{ input: { textTransform: 'uppercase' } }}
              {...field('registration')}
            />
          </Col>
          <Col>
            <LookupSelect
              call="Vehicle/GetVehicleTypeList"
              label={t('vehicles.field.vehicleType')}
              required
              {...pick(form, 'vehicleTypeId')}
            />
          </Col>
          <Col>
            <LookupSelect
              call="Vehicle/GetVehicleClassList"
              valueKey="code"
              label={t('vehicles.field.vehicleClass')}
              {...pick(form, 'vehicleClass')}
            />
          </Col>
          <Col>
            <TextInput label={t('vehicles.field.make')} {...field('make')} />
          </Col>
          <Col>
            <TextInput label={t('vehicles.field.model')} {...field('model')} />
          </Col>
          <Col>
            <TextInput label={t('vehicles.field.colour')} {...field('colour')} />
          </Col>
          <Col>
            <NumberInput
              label={t('vehicles.field.year')}
              min={1980}
              max={new Date().getFullYear() + 1}
              allowDecimal={false}
              thousandSeparator={false}
              {...field('year')}
            />
          </Col>
          <Col>
            <NumberInput label={t('vehicles.field.seats')} min={1} max={60} allowDecimal={false} {...field('seats')} />
          </Col>
        </Section>

        <Section title={t('vehicles.section.use')}>
          <Col span={6}>
            <LookupSelect
              call="Driver/GetDriverList"
              label={t('vehicles.field.ownerDriver')}
              description={t('vehicles.help.ownerDriver')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...pick(form, 'ownerDriverId')}
            />
          </Col>
          <Col span={6}>
            <TagSelect form={form} />
          </Col>
          <Col span={12}>
            <Switch
              label={t('vehicles.field.isActive')}
              description={t('vehicles.help.isActive')}
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </Col>
        </Section>

        <Textarea label={t('vehicles.field.notes')} autosize minRows={2} maxRows={6} {...field('notes')} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {vehicle ? t('form.save') : t('vehicles.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Pickable = 'vehicleTypeId' | 'vehicleClass' | 'ownerDriverId';

/** The value, change and error of a look-up field (LookupSelect wants its value always given). */
function pick(form: UseFormReturnType<VehicleFormValues>, name: Pickable) {
  return {
    value: form.values[name],
    onChange: (v: string | number | null) => form.setFieldValue(name, v as never),
    error: form.errors[name],
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Divider label={title} labelPosition="left" />
      <Grid gap="sm">{children}</Grid>
    </Stack>
  );
}

function Col({ span = 4, children }: { span?: number; children: ReactNode }) {
  return <Grid.Col span={{ base: 12, sm: span === 12 ? 12 : 6, md: span }}>{children}</Grid.Col>;
}

function TagSelect({ form }: { form: UseFormReturnType<VehicleFormValues> }) {
  const { t } = useTranslation();
  const tags = useCall('Vehicle/GetVehicleTagList', { perPage: 0 }, { staleTime: 60_000 });
  return (
    <MultiSelect
      label={t('vehicles.field.tags')}
      searchable
      clearable
      data={(tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
      value={form.values.tagIds.map(String)}
      onChange={(values) => form.setFieldValue('tagIds', values.map(Number))}
      error={form.errors.tagIds as ReactNode}
      nothingFoundMessage="—"
    />
  );
}
