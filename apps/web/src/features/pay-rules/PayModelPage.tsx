import { Badge, Text } from '@mantine/core';
import {
  IconCalculator,
  IconCar,
  IconClockHour4,
  IconGift,
  IconHistory,
  IconMinus,
  IconPercentage,
  IconRoad,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { RecordHeader } from '../../kit/RecordHeader';
import { RecordPage } from '../../kit/RecordPage';
import { BonusesEditor } from './BonusesEditor';
import { ClientRulesEditor } from './ClientRulesEditor';
import { DeductionsEditor } from './DeductionsEditor';
import { OverridesEditor } from './OverridesEditor';
import { VersionsTable } from './PartTables';
import { payModelKind } from './pay-kind';
import { BasisForm, MileageForm, PeaksForm } from './RuleForms';
import { TryJobPanel } from './TryJobPanel';
import { VehicleTypesEditor } from './VehicleTypesEditor';

/** One pay model: its rules in force by part (each change a new version) and its versions. */
export function PayModelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => void navigate(payModelKind.path);
  return (
    <RecordPage
      kind={payModelKind}
      read={{ call: 'DriverPayment/GetDriverPaymentID', input: (id) => ({ DriverPaymentID: id }) }}
      header={(model) => (
        <RecordHeader
          picture={null}
          title={model.name}
          beside={
            <Text size="sm" c="dimmed" data-testid="version-in-force">
              {model.version === null ? t('pay-rules.noVersion') : t('pay-rules.versionN', { version: model.version })}
            </Text>
          }
          badges={
            <>
              {model.basis ? <Badge variant="light">{t(`pay-rules.basisName.${model.basis}`)}</Badge> : null}
              {model.isActive ? null : (
                <Badge color="gray" variant="outline">
                  {t('form.inactive')}
                </Badge>
              )}
            </>
          }
          actions={<DeleteRecordButton kind={payModelKind} id={model.id} name={model.name} />}
        >
          <Text size="sm">{t('pay-rules.paysDrivers', { count: model.driverCount })}</Text>
        </RecordHeader>
      )}
      tabs={(model) => {
        const key = `${model.id}-${model.version}`;
        return [
          {
            value: 'basis',
            label: t('pay-rules.tab.basis'),
            icon: <IconPercentage size={16} />,
            panel: <BasisForm key={key} model={model} onCancel={back} />,
          },
          {
            value: 'mileage',
            label: t('pay-rules.tab.mileage'),
            icon: <IconRoad size={16} />,
            panel: <MileageForm key={key} model={model} onCancel={back} />,
          },
          {
            value: 'vehicle-types',
            label: t('pay-rules.tab.vehicleTypes'),
            icon: <IconTruck size={16} />,
            panel: <VehicleTypesEditor model={model} />,
          },
          {
            value: 'overrides',
            label: t('pay-rules.tab.overrides'),
            icon: <IconCar size={16} />,
            panel: <OverridesEditor model={model} />,
          },
          {
            value: 'clients',
            label: t('pay-rules.tab.clients'),
            icon: <IconUsers size={16} />,
            panel: <ClientRulesEditor model={model} />,
          },
          {
            value: 'peaks',
            label: t('pay-rules.tab.peaks'),
            icon: <IconClockHour4 size={16} />,
            panel: <PeaksForm key={key} model={model} onCancel={back} />,
          },
          {
            value: 'bonuses',
            label: t('pay-rules.tab.bonuses'),
            icon: <IconGift size={16} />,
            panel: <BonusesEditor model={model} />,
          },
          {
            value: 'deductions',
            label: t('pay-rules.tab.deductions'),
            icon: <IconMinus size={16} />,
            panel: <DeductionsEditor model={model} />,
          },
          {
            value: 'try',
            label: t('pay-rules.tab.try'),
            icon: <IconCalculator size={16} />,
            panel: <TryJobPanel modelId={model.id} hasRules={model.version !== null} />,
          },
          {
            value: 'versions',
            label: t('pay-rules.tab.versions'),
            icon: <IconHistory size={16} />,
            badge: (
              <Badge size="xs" variant="light" circle>
                {model.versions.length}
              </Badge>
            ),
            panel: <VersionsTable model={model} />,
          },
        ];
      }}
    />
  );
}
