import { Grid, Stack } from '@mantine/core';
import type { DriverPayModel } from '@cabdesk/pay-engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useCallForm } from '../../kit/useContractForm';
import { money } from '../../ui/format';
import { MoneyField } from '../../ui/rules/fields';
import { MileageStepsTable } from '../../ui/rules/MileageStepsTable';
import { RowActions } from './PartEditing';
import { Loaded, Rows } from './PartTables';
import { rowFieldOf, withRow } from './part-values';
import { carValues, mileageMoney, type MileageValues, notAmount, type PayModelDetail, toCar } from './rule-form';

/**
 * Mileage per vehicle type: every type of the company pays the model's bands unless it has its own.
 * The own bands have no call of their own (the GetDrvrPymntVehicle…Mileage calls read them): the list
 * goes through DriverPayment/Update's `vehicleTypeMileage`, one type's bands set or left out (back to
 * the model's); a new version.
 */

type TypeMileage = DriverPayModel['vehicleTypeMileage'][number];
const cars = ['ownCar', 'companyCar'] as const;

export function VehicleTypesEditor({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  const read = useCall('DriverPayment/GetDriverPaymentVehicleType', { DriverPaymentID: model.id, perPage: 0 });
  const update = useCallMutation('DriverPayment/Update');
  const own = model.rules?.vehicleTypeMileage ?? [];
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const bands = (p: { steps: { fromKm: number; toKm?: number | null; ratePerKm: number }[] } | null) =>
    p ? p.steps.map((s) => `${s.fromKm}–${s.toKm ?? '∞'} km ${money(s.ratePerKm)}`).join(', ') : '—';
  return (
    <Loaded read={read}>
      {(answer) => (
        <Stack gap="sm">
          <Rows
            testId="vehicle-type-mileage"
            head={[
              t('pay-rules.vehicleType'),
              t('pay-rules.mileage.ownCar'),
              t('pay-rules.mileage.companyCar'),
              t('pay-rules.source'),
              t('pay-rules.actions'),
            ]}
            empty={t('pay-rules.none')}
            rows={answer.data.map((r) => [
              r.vehicleTypeName,
              bands(r.ownCar),
              bands(r.companyCar),
              r.hasOwnMileage ? t('pay-rules.ownBands') : t('pay-rules.modelBands'),
              <RowActions
                key="actions"
                name={r.vehicleTypeName}
                changeLabel={r.hasOwnMileage ? t('pay-rules.typeMileage.change') : t('pay-rules.typeMileage.own')}
                removeLabel={t('pay-rules.typeMileage.back')}
                onChange={() => setEditing({ id: r.vehicleTypeID, name: r.vehicleTypeName })}
                remove={
                  r.hasOwnMileage
                    ? () =>
                        update.mutateAsync({
                          DriverPaymentID: model.id,
                          vehicleTypeMileage: own.filter((x) => x.vehicleTypeId !== r.vehicleTypeID),
                        })
                    : undefined
                }
              />,
            ])}
          />
          <RecordFormModal
            opened={editing !== null}
            onClose={() => setEditing(null)}
            title={t('pay-rules.typeMileage.title', { name: editing?.name ?? '' })}
          >
            {editing ? (
              <TypeMileageForm model={model} vehicleTypeId={editing.id} onDone={() => setEditing(null)} />
            ) : null}
          </RecordFormModal>
        </Stack>
      )}
    </Loaded>
  );
}

/** One vehicle type's own bands; a type without them starts from the model's. */
export function TypeMileageForm({
  model,
  vehicleTypeId,
  onDone,
}: {
  model: PayModelDetail;
  vehicleTypeId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const own = model.rules?.vehicleTypeMileage ?? [];
  const found = own.findIndex((x) => x.vehicleTypeId === vehicleTypeId);
  const at = found >= 0 ? found : own.length;
  const start = own[found] ?? model.rules?.mileage;
  const kit = useCallForm('DriverPayment/Update', {
    initialValues: {
      mileage: { ownCar: carValues(start?.ownCar), companyCar: carValues(start?.companyCar) },
    } as MileageValues,
    toInput: (v) => {
      const row: TypeMileage = {
        vehicleTypeId,
        ownCar: toCar(v.mileage.ownCar),
        companyCar: toCar(v.mileage.companyCar),
      };
      return { DriverPaymentID: model.id, vehicleTypeMileage: withRow(own, at, row) };
    },
    fieldOf: rowFieldOf('vehicleTypeMileage', at, 'mileage.'),
    moreRules: (v) => notAmount(mileageMoney(v), t('pay-rules.notAmount')),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return (
    <FormShell kit={kit} onCancel={onDone} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        {cars.map((car) => (
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
