import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { appliesTo } from '@cabdesk/pay-engine';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCol, FormSection } from '../../kit/FormShell';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { MoneyField, type RulesForm } from '../../ui/rules/fields';

/**
 * What the part editors share: the row being edited (a modal), the Change and Remove buttons of a
 * row, the Add button, and the fields of what an override or a client rule pays instead of the basis.
 */

/** The row open in the editor: its place in the list, past the end for a new one; null: closed. */
export function useEditing() {
  const [at, setAt] = useState<number | null>(null);
  return { at, open: setAt, close: () => setAt(null) };
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group justify="flex-end">
      <Button leftSection={<IconPlus size={16} />} variant="light" onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * Change and Remove of one row, each named with the row for a screen reader. Removing asks first,
 * then sends the change (a new version); a refusal is told in a notification.
 */
export function RowActions({
  name,
  onChange,
  remove,
  changeLabel,
  removeLabel,
}: {
  name: string;
  onChange: () => void;
  remove?: () => Promise<unknown>;
  changeLabel?: string;
  removeLabel?: string;
}) {
  const { t } = useTranslation();
  const removing = removeLabel ?? t('pay-rules.remove');
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} />}
        aria-label={`${changeLabel ?? t('pay-rules.change')}: ${name}`}
        onClick={onChange}
      >
        {changeLabel ?? t('pay-rules.change')}
      </Button>
      {remove ? (
        <ConfirmButton
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          aria-label={`${removing}: ${name}`}
          question={t('pay-rules.removeQuestion', { name, action: removing })}
          confirmLabel={removing}
          onConfirm={async () => {
            try {
              await remove();
              notifySuccess(t('pay-rules.saved'));
            } catch (error) {
              notifyError(t('pay-rules.removeFailed'), error);
            }
          }}
        >
          {removing}
        </ConfirmButton>
      ) : null}
    </Group>
  );
}

/** Which jobs, and a commission (the office's share) or a fixed amount per job, one of the two. */
export function PayInsteadFields({ form }: { form: RulesForm }) {
  const { t } = useTranslation();
  const pay = (form.values as { pay: 'commission' | 'fixed' }).pay;
  const kindId = useId();
  return (
    <FormSection title={t('pay-rules.payInstead.title')} hint={t('pay-rules.payInstead.hint')}>
      <FormCol span={4}>
        <Select
          label={t('pay-rules.appliesTo')}
          allowDeselect={false}
          data={appliesTo.map((a) => ({ value: a, label: t(`pay-rules.jobs.${a}`) }))}
          {...form.getInputProps('appliesTo')}
        />
      </FormCol>
      <FormCol span={8}>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindId}>
            {t('pay-rules.payInstead.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby={kindId}
            data={[
              { value: 'commission', label: t('pay-rules.payInstead.commission') },
              { value: 'fixed', label: t('pay-rules.payInstead.fixed') },
            ]}
            {...form.getInputProps('pay')}
          />
        </Stack>
      </FormCol>
      <FormCol span={4}>
        {pay === 'commission' ? (
          <TextInput
            label={t('pay-rules.payInstead.commissionPercent')}
            inputMode="decimal"
            required
            rightSection={<Text size="sm">%</Text>}
            {...form.getInputProps('commissionPercent')}
          />
        ) : (
          <MoneyField model={form} path="fixedPerJob" label={t('pay-rules.payInstead.fixedPerJob')} required />
        )}
      </FormCol>
    </FormSection>
  );
}
