import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoneyField, NumberField, type RulesForm, valueAt } from './fields';
import { addStep, moveStep, type StepValues } from './values';

/**
 * The mileage steps: one row per band (from km, to km, rate per km), added at the end, removed, and
 * moved up or down. The engine's own rules check the table (in order, no gap, no overlap, no
 * negative rate) and each message stands on the cell it is about.
 */
export function MileageStepsTable({
  form,
  path,
  readOnly = false,
}: {
  form: RulesForm;
  path: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const steps = valueAt<StepValues[]>(form, path) ?? [];
  const set = (next: StepValues[]) => form.setFieldValue(path, next);
  const tableError = form.errors[path];
  return (
    <Stack gap={6}>
      <Table withTableBorder verticalSpacing={4} data-testid="mileage-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>{t('pricing.steps.band')}</Table.Th>
            <Table.Th>{t('pricing.steps.fromKm')}</Table.Th>
            <Table.Th>{t('pricing.steps.toKm')}</Table.Th>
            <Table.Th>{t('pricing.steps.ratePerKm')}</Table.Th>
            {readOnly ? null : (
              <Table.Th w={110}>
                <Text size="sm" fw={700} component="span">
                  {t('pricing.steps.actions')}
                </Text>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm">{t('pricing.steps.none')}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {steps.map((_, i) => {
            const band = i + 1;
            const last = i === steps.length - 1;
            return (
              <Table.Tr key={i} data-testid={`band-${band}`}>
                <Table.Td>{band}</Table.Td>
                <Table.Td>
                  <NumberField
                    model={form}
                    path={`${path}.${i}.fromKm`}
                    aria-label={t('pricing.steps.fromKmOf', { band })}
                    decimalScale={3}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberField
                    model={form}
                    path={`${path}.${i}.toKm`}
                    aria-label={t('pricing.steps.toKmOf', { band })}
                    placeholder={last ? t('pricing.steps.noEnd') : undefined}
                    decimalScale={3}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyField
                    model={form}
                    path={`${path}.${i}.ratePerKm`}
                    aria-label={t('pricing.steps.rateOf', { band })}
                  />
                </Table.Td>
                {readOnly ? null : (
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('pricing.steps.moveUp')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('pricing.steps.moveUpOf', { band })}
                          disabled={i === 0}
                          onClick={() => set(moveStep(steps, i, -1))}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('pricing.steps.moveDown')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('pricing.steps.moveDownOf', { band })}
                          disabled={last}
                          onClick={() => set(moveStep(steps, i, 1))}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('pricing.steps.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('pricing.steps.removeOf', { band })}
                          onClick={() => set(steps.filter((__, j) => j !== i))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {typeof tableError === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {tableError}
        </Text>
      ) : null}
      {readOnly ? null : (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => set(addStep(steps))}
          disabled={steps.length >= 50}
        >
          {t('pricing.steps.add')}
        </Button>
      )}
      <Text size="xs" c="dimmed">
        {t('pricing.steps.hint')}
      </Text>
    </Stack>
  );
}
