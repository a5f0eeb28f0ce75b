import { NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lookupProps, TagsField } from '../../kit/form-fields';
import { FormCol as Col, FormSection as Section, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useContractForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { toFormValues, toInput, toUpdateInput, type Vehicle, vehicleTitle } from './form-values';
import { vehicleKind } from './vehicle-kind';

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
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={vehicle ? t('vehicles.editTitle', { name: vehicleTitle(vehicle) }) : t('vehicles.addTitle')}
    >
      <VehicleForm vehicle={vehicle} onClose={onClose} onSaved={onSaved} />
    </RecordFormModal>
  );
}

// The help goes under the box, the error under the help.
const aboveHelp = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
};

function VehicleForm({ vehicle, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const kit = useContractForm(
    vehicleKind.create,
    vehicleKind.update,
    { create: toInput, update: (values, v) => toUpdateInput(v.id, values) },
    {
      record: vehicle,
      initialValues: toFormValues(vehicle),
      success: vehicle ? t('vehicles.saved') : t('vehicles.added'),
      onSaved: (saved) => {
        onClose();
        onSaved?.(saved);
      },
    },
  );
  const { form } = kit;

  return (
    <FormShell kit={kit} onCancel={onClose} submitLabel={vehicle ? undefined : t('vehicles.add')}>
      <Section title={t('vehicles.section.vehicle')}>
        <Col>
          <TextInput
            label={t('vehicles.field.registration')}
            description={t('vehicles.help.registration')}
            {...aboveHelp}
            required
            data-autofocus
            styles={{ input: { textTransform: 'uppercase' } }}
            {...form.getInputProps('registration')}
          />
        </Col>
        <Col>
          <LookupSelect
            call="Vehicle/GetVehicleTypeList"
            label={t('vehicles.field.vehicleType')}
            required
            {...lookupProps(form, 'vehicleTypeId')}
          />
        </Col>
        <Col>
          <LookupSelect
            call="Vehicle/GetVehicleClassList"
            valueKey="code"
            label={t('vehicles.field.vehicleClass')}
            {...lookupProps(form, 'vehicleClass')}
          />
        </Col>
        <Col>
          <TextInput label={t('vehicles.field.make')} {...form.getInputProps('make')} />
        </Col>
        <Col>
          <TextInput label={t('vehicles.field.model')} {...form.getInputProps('model')} />
        </Col>
        <Col>
          <TextInput label={t('vehicles.field.colour')} {...form.getInputProps('colour')} />
        </Col>
        <Col>
          <NumberInput
            label={t('vehicles.field.year')}
            min={1980}
            max={new Date().getFullYear() + 1}
            allowDecimal={false}
            thousandSeparator={false}
            {...form.getInputProps('year')}
          />
        </Col>
        <Col>
          <NumberInput
            label={t('vehicles.field.seats')}
            min={1}
            max={60}
            allowDecimal={false}
            {...form.getInputProps('seats')}
          />
        </Col>
      </Section>

      <Section title={t('vehicles.section.use')}>
        <Col span={6}>
          <LookupSelect
            call="Driver/GetDriverList"
            label={t('vehicles.field.ownerDriver')}
            description={t('vehicles.help.ownerDriver')}
            {...aboveHelp}
            {...lookupProps(form, 'ownerDriverId')}
          />
        </Col>
        <Col span={6}>
          <TagsField form={form} call="Vehicle/GetVehicleTagList" label={t('vehicles.field.tags')} />
        </Col>
        <Col span={12}>
          <Switch
            label={t('vehicles.field.isActive')}
            description={t('vehicles.help.isActive')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        </Col>
      </Section>

      <Textarea label={t('vehicles.field.notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
    </FormShell>
  );
}
