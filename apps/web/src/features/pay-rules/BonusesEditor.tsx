import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Bonus, bonusMeasures } from '@cabdesk/pay-engine';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { type ContractForm, useCallForm } from '../../kit/useContractForm';
import { money } from '../../ui/format';
import { MoneyField } from '../../ui/rules/fields';
import { AddButton, RowActions, useEditing } from './PartEditing';
import { Loaded, Rows } from './PartTables';
import {
  bonusMoney,
  type BonusValues,
  bonusValues,
  emptyBand,
  nextId,
  rowFieldOf,
  toBonus,
  withRow,
} from './part-values';
import { notAmount, type PayModelDetail } from './rule-form';

/**
 * Bonuses: each a name, what it counts over the statement's period and its bands. Adding and removing
 * send the whole list (CreateBonus), a change the one bonus (UpdateBonus); each a new version.
 */

export function BonusesEditor({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  const read = useCall('DriverPayment/GetDriverPaymentBonus', { DriverPaymentID: model.id });
  const replace = useCallMutation('DriverPayment/CreateBonus');
  const editing = useEditing();
  const bonuses = model.rules?.bonuses ?? [];
  return (
    <Loaded read={read}>
      {(answer) => (
        <Stack gap="sm">
          <AddButton label={t('pay-rules.bonus.add')} onClick={() => editing.open(bonuses.length)} />
          {answer.data.bonusMaster.length === 0 ? <Text size="sm">{t('pay-rules.none')}</Text> : null}
          {answer.data.bonusMaster.map((b) => {
            const detail = answer.data.bonusDetail.filter((d) => d.bonusId === b.id);
            const shown = (n: number | null) => (n == null ? '—' : b.measure === 'earnings' ? money(n) : n);
            return (
              <Stack key={b.id} gap={4}>
                <Group justify="space-between">
                  <Text fw={600} size="sm">
                    {b.name} · {t(`pay-rules.measure.${b.measure}`)}
                  </Text>
                  <RowActions
                    name={b.name}
                    onChange={() => editing.open(bonuses.findIndex((x) => x.id === b.id))}
                    remove={() =>
                      replace.mutateAsync({ DriverPaymentID: model.id, bonuses: bonuses.filter((x) => x.id !== b.id) })
                    }
                  />
                </Group>
                <Rows
                  testId={`bonus-${b.id}`}
                  head={[t('pay-rules.from'), t('pay-rules.to'), t('pay-rules.amount')]}
                  empty={t('pay-rules.none')}
                  rows={detail.map((d) => [shown(d.from), shown(d.to), money(d.amount)])}
                />
              </Stack>
            );
          })}
          <RecordFormModal opened={editing.at !== null} onClose={editing.close} title={t('pay-rules.bonus.title')}>
            <BonusForm modelId={model.id} bonuses={bonuses} at={editing.at ?? bonuses.length} onDone={editing.close} />
          </RecordFormModal>
        </Stack>
      )}
    </Loaded>
  );
}

type FormProps = { modelId: number; bonuses: readonly Bonus[]; at: number; onDone: () => void };

/** The bonus at `at` of the list in force; past its end, a new one. */
export function BonusForm(props: FormProps) {
  return props.bonuses[props.at] ? <ChangeBonus {...props} /> : <AddBonus {...props} />;
}

function useMoneyRules() {
  const { t } = useTranslation();
  return (v: BonusValues) => notAmount(bonusMoney(v), t('pay-rules.notAmount'));
}

function AddBonus({ modelId, bonuses, at, onDone }: FormProps) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/CreateBonus', {
    initialValues: bonusValues(undefined, nextId(bonuses)),
    moreRules: useMoneyRules(),
    toInput: (v) => ({ DriverPaymentID: modelId, bonuses: withRow(bonuses, at, toBonus(v)) }),
    fieldOf: rowFieldOf('bonuses', at),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return <BonusFields kit={kit} onDone={onDone} />;
}

function ChangeBonus({ modelId, bonuses, at, onDone }: FormProps) {
  const { t } = useTranslation();
  const kit = useCallForm('UpdateBonus', {
    initialValues: bonusValues(bonuses[at], 0),
    moreRules: useMoneyRules(),
    toInput: (v) => ({ DriverPaymentID: modelId, ...toBonus(v) }),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return <BonusFields kit={kit} onDone={onDone} />;
}

function BonusFields({ kit, onDone }: { kit: ContractForm<BonusValues>; onDone: () => void }) {
  const { t } = useTranslation();
  const { form } = kit;
  const earnings = form.values.measure === 'earnings';
  const bound = (i: number, field: 'from' | 'to') => {
    const label = t(`pay-rules.${field}`);
    return earnings ? (
      <MoneyField model={form} path={`bands.${i}.${field}`} label={label} />
    ) : (
      <TextInput label={label} inputMode="decimal" {...form.getInputProps(`bands.${i}.${field}`)} />
    );
  };
  return (
    <FormShell kit={kit} onCancel={onDone} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        <FormSection title={t('pay-rules.bonus.title')}>
          <FormCol span={8}>
            <TextInput label={t('pay-rules.name')} required {...form.getInputProps('name')} />
          </FormCol>
          <FormCol span={4}>
            <Select
              label={t('pay-rules.bonus.measure')}
              allowDeselect={false}
              data={bonusMeasures.map((m) => ({ value: m, label: t(`pay-rules.measure.${m}`) }))}
              {...form.getInputProps('measure')}
            />
          </FormCol>
        </FormSection>
        <FormSection title={t('pay-rules.bonus.bands')} hint={t('pay-rules.bonus.hint')}>
          {form.values.bands.map((_, i) => (
            <FormCol key={i} span={12}>
              <Group
                align="flex-end"
                wrap="nowrap"
                gap="sm"
                role="group"
                aria-label={t('pay-rules.bonus.bandN', { n: i + 1 })}
              >
                {bound(i, 'from')}
                {bound(i, 'to')}
                <MoneyField model={form} path={`bands.${i}.amount`} label={t('pay-rules.amount')} required />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={form.values.bands.length === 1}
                  aria-label={t('pay-rules.bonus.removeBand', { n: i + 1 })}
                  onClick={() => form.removeListItem('bands', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </FormCol>
          ))}
          <FormCol span={12}>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('bands', { ...emptyBand, from: form.values.bands.at(-1)?.to ?? '' })}
            >
              {t('pay-rules.bonus.addBand')}
            </Button>
          </FormCol>
        </FormSection>
      </Stack>
    </FormShell>
  );
}
