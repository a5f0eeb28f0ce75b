import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { VehicleOverride } from '@cabdesk/pay-engine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { lookupProps } from '../../kit/form-fields';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { type ContractForm, useCallForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { AddButton, PayInsteadFields, RowActions, useEditing } from './PartEditing';
import { Loaded, pay, Rows } from './PartTables';
import { nextId, type OverrideValues, overrideValues, rowFieldOf, toOverride, withRow } from './part-values';
import { notAmount, type PayModelDetail } from './rule-form';

/**
 * Vehicle overrides: a vehicle, or every vehicle of a type, paid a commission or a fixed amount
 * instead of the basis. Adding and removing send the whole list (CreateVehicleOverride), a change
 * the one override (UpdateVehicleOverride); each a new version.
 */

export function OverridesEditor({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  const read = useCall('DriverPayment/GetDrvrPaymentVehicleOveride', { DriverPaymentID: model.id, perPage: 0 });
  const replace = useCallMutation('DriverPayment/CreateVehicleOverride');
  const editing = useEditing();
  // The list as the version in force holds it: what a whole-list call is sent back.
  const overrides = model.rules?.vehicleOverrides ?? [];
  return (
    <Loaded read={read}>
      {(answer) => (
        <Stack gap="sm">
          <AddButton label={t('pay-rules.override.add')} onClick={() => editing.open(overrides.length)} />
          <Rows
            testId="vehicle-overrides"
            head={[t('pay-rules.vehicle'), t('pay-rules.appliesTo'), t('pay-rules.pays'), t('pay-rules.actions')]}
            empty={t('pay-rules.none')}
            rows={answer.data.map((o) => {
              const name = o.vehicleName ?? o.vehicleTypeName ?? '—';
              const at = overrides.findIndex((r) => r.id === o.id);
              return [
                name,
                t(`pay-rules.jobs.${o.appliesTo}`),
                pay(o, t('pay-rules.officeKeeps')),
                <RowActions
                  key="actions"
                  name={`${name}, ${t(`pay-rules.jobs.${o.appliesTo}`)}`}
                  onChange={() => editing.open(at)}
                  remove={() =>
                    replace.mutateAsync({
                      DriverPaymentID: model.id,
                      vehicleOverrides: overrides.filter((r) => r.id !== o.id),
                    })
                  }
                />,
              ];
            })}
          />
          <RecordFormModal opened={editing.at !== null} onClose={editing.close} title={t('pay-rules.override.title')}>
            <OverrideForm
              modelId={model.id}
              overrides={overrides}
              at={editing.at ?? overrides.length}
              onDone={editing.close}
            />
          </RecordFormModal>
        </Stack>
      )}
    </Loaded>
  );
}

type FormProps = { modelId: number; overrides: readonly VehicleOverride[]; at: number; onDone: () => void };

/** The override at `at` of the list in force; past its end, a new one. */
export function OverrideForm(props: FormProps) {
  return props.overrides[props.at] ? <ChangeOverride {...props} /> : <AddOverride {...props} />;
}

function useOverrideRules() {
  const { t } = useTranslation();
  return (v: OverrideValues): Record<string, string> => ({
    ...(v.pay === 'fixed' ? notAmount({ fixedPerJob: v.fixedPerJob }, t('pay-rules.notAmount')) : {}),
    // The engine names the vehicle when neither is given; a type being picked is told on its own field.
    ...(v.target === 'vehicleType' && v.vehicleTypeId == null
      ? { vehicleTypeId: t('pay-rules.override.pickVehicleType') }
      : {}),
  });
}

/** A new override: the whole list sent with it at the end; a refusal of it lands on its fields. */
function AddOverride({ modelId, overrides, at, onDone }: FormProps) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/CreateVehicleOverride', {
    initialValues: overrideValues(undefined, nextId(overrides)),
    moreRules: useOverrideRules(),
    toInput: (v) => ({ DriverPaymentID: modelId, vehicleOverrides: withRow(overrides, at, toOverride(v)) }),
    fieldOf: rowFieldOf('vehicleOverrides', at),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return <OverrideFields kit={kit} onDone={onDone} />;
}

/** A change sends the one override; its refusals name its own fields. */
function ChangeOverride({ modelId, overrides, at, onDone }: FormProps) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/UpdateVehicleOverride', {
    initialValues: overrideValues(overrides[at], 0),
    moreRules: useOverrideRules(),
    toInput: (v) => ({ DriverPaymentID: modelId, ...toOverride(v) }),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return <OverrideFields kit={kit} onDone={onDone} />;
}

function OverrideFields({ kit, onDone }: { kit: ContractForm<OverrideValues>; onDone: () => void }) {
  const { t } = useTranslation();
  const { form } = kit;
  const target = form.values.target;
  const targetId = useId();
  return (
    <FormShell kit={kit} onCancel={onDone} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        <FormSection title={t('pay-rules.vehicle')}>
          <FormCol span={12}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id={targetId}>
                {t('pay-rules.override.target')}
              </Text>
              <SegmentedControl
                aria-labelledby={targetId}
                data={[
                  { value: 'vehicle', label: t('pay-rules.override.vehicle') },
                  { value: 'vehicleType', label: t('pay-rules.override.vehicleType') },
                ]}
                {...form.getInputProps('target')}
              />
            </Stack>
          </FormCol>
          <FormCol span={8}>
            {target === 'vehicle' ? (
              <LookupSelect
                call="Vehicle/GetVehicleList"
                label={t('pay-rules.override.vehicle')}
                required
                {...lookupProps(form, 'vehicleId')}
              />
            ) : (
              <LookupSelect
                call="Vehicle/GetVehicleTypeList"
                label={t('pay-rules.override.vehicleType')}
                required
                {...lookupProps(form, 'vehicleTypeId')}
              />
            )}
          </FormCol>
        </FormSection>
        <PayInsteadFields form={form} />
      </Stack>
    </FormShell>
  );
}
