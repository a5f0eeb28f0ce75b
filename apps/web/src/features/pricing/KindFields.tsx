import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { lookupProps } from '../../kit/form-fields';
import { FormCol, FormSection } from '../../kit/FormShell';
import { currencySymbol, type ModelForm, MoneyField, NumberField, valueAt } from './form-parts';
import { emptyTariff, type HourlyRowValues, type RouteValues, type VehicleRowValues } from './model-form';
import { LookupSelect } from '../../ui/LookupSelect';
import { TariffFields } from './TariffFields';

/** A vehicle model: the standard tariff, then per vehicle type a multiplier of it or a tariff of its own. */
export function VehicleRatesFields({ form, readOnly }: { form: ModelForm; readOnly?: boolean }) {
  const { t } = useTranslation();
  const rows = valueAt<VehicleRowValues[]>(form, 'vehicles');
  return (
    <Stack gap="md">
      <Text fw={600}>{t('pricing.vehicle.standard')}</Text>
      <TariffFields form={form} prefix="standard." readOnly={readOnly} />
      <FormSection title={t('pricing.vehicle.rows')} hint={t('pricing.vehicle.rowsHint')}>
        <Stack gap="sm" w="100%" px={8}>
          {rows.length === 0 ? <Text size="sm">{t('pricing.vehicle.noRows')}</Text> : null}
          {rows.map((row, i) => (
            <Paper key={i} withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Group gap="sm" align="flex-end">
                  <LookupSelect
                    call="Common/GetVehicleTypeList"
                    label={t('pricing.vehicleType')}
                    w={220}
                    {...lookupProps(form, `vehicles.${i}.vehicleTypeId`)}
                  />
                  <SegmentedControl
                    aria-label={t('pricing.vehicle.useOf', { n: i + 1 })}
                    data={[
                      { value: 'multiplier', label: t('pricing.vehicle.multiplier') },
                      { value: 'tariff', label: t('pricing.vehicle.ownTariff') },
                    ]}
                    value={row.use}
                    onChange={(v) => form.setFieldValue(`vehicles.${i}.use`, v as VehicleRowValues['use'])}
                  />
                  {row.use === 'multiplier' ? (
                    <TextInput
                      label={t('pricing.vehicle.multiplier')}
                      placeholder="1.25"
                      inputMode="decimal"
                      w={120}
                      {...form.getInputProps(`vehicles.${i}.multiplier`)}
                    />
                  ) : null}
                  {readOnly ? null : (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mb={4}
                      aria-label={t('pricing.vehicle.removeOf', { n: i + 1 })}
                      onClick={() => form.removeListItem('vehicles', i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                {row.use === 'tariff' ? (
                  <TariffFields form={form} prefix={`vehicles.${i}.tariff.`} readOnly={readOnly} />
                ) : null}
              </Stack>
            </Paper>
          ))}
          {readOnly ? null : (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('vehicles', {
                  vehicleTypeId: null,
                  use: 'multiplier',
                  multiplier: '1.25',
                  tariff: { ...emptyTariff(), mileageSteps: [{ fromKm: 0, toKm: '', ratePerKm: '' }] },
                } satisfies VehicleRowValues)
              }
            >
              {t('pricing.vehicle.add')}
            </Button>
          )}
        </Stack>
      </FormSection>
    </Stack>
  );
}

/**
 * A zone model's routes as a grid: pick-up zones down, drop-off zones across, a price in each cell
 * that has a route (an empty cell: no route). A route priced by a tariff is shown as such.
 */
export function ZoneGridFields({ form, readOnly }: { form: ModelForm; readOnly?: boolean }) {
  const { t } = useTranslation();
  const zones = useCall('Common/GetZoneList', { perPage: 0 } as never, { staleTime: 60_000 });
  const list = ((zones.data as { data?: { id: number; name: string }[] } | undefined)?.data ?? []).slice(0, 30);
  const routes = valueAt<RouteValues[]>(form, 'routes');
  const indexOf = (from: number, to: number) => routes.findIndex((r) => r.fromZoneId === from && r.toZoneId === to);
  const setCell = (from: number, to: number, text: string) => {
    const i = indexOf(from, to);
    if (i >= 0 && text.trim() === '') form.removeListItem('routes', i);
    else if (i >= 0) form.setFieldValue(`routes.${i}.price`, text);
    else
      form.insertListItem('routes', {
        fromZoneId: from,
        toZoneId: to,
        reverseAlsoMatches: false,
        price: text,
        tariff: null,
      } satisfies RouteValues);
  };
  if (zones.isPending) return <Text size="sm">{t('pricing.zone.loading')}</Text>;
  if (zones.isError)
    return (
      <Text size="sm" c="red">
        {t('pricing.zone.failed')}
      </Text>
    );
  if (list.length === 0) return <Text size="sm">{t('pricing.zone.noZones')}</Text>;
  const symbol = currencySymbol();
  return (
    <Stack gap="xs">
      <Text size="sm">{t('pricing.zone.hint', { currency: symbol })}</Text>
      {typeof form.errors.routes === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.routes}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={200 + list.length * 110}>
        <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="zone-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pricing.zone.fromTo')}</Table.Th>
              {list.map((z) => (
                <Table.Th key={z.id}>{z.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((from) => (
              <Table.Tr key={from.id}>
                <Table.Th scope="row">{from.name}</Table.Th>
                {list.map((to) => {
                  const i = indexOf(from.id, to.id);
                  const route = i >= 0 ? routes[i] : undefined;
                  const label = t('pricing.zone.cell', { from: from.name, to: to.name });
                  return (
                    <Table.Td key={to.id}>
                      {route?.tariff ? (
                        <Text size="xs">{t('pricing.zone.byTariff')}</Text>
                      ) : (
                        <Stack gap={2}>
                          <TextInput
                            size="xs"
                            inputMode="decimal"
                            aria-label={label}
                            value={route?.price ?? ''}
                            readOnly={readOnly}
                            onChange={(e) => setCell(from.id, to.id, e.currentTarget.value)}
                            error={
                              i >= 0
                                ? (form.errors[`routes.${i}.price`] ?? form.errors[`routes.${i}.toZoneId`])
                                : undefined
                            }
                          />
                          {route ? (
                            <Checkbox
                              size="xs"
                              label={t('pricing.zone.reverse')}
                              aria-label={t('pricing.zone.reverseOf', { from: from.name, to: to.name })}
                              {...form.getInputProps(`routes.${i}.reverseAlsoMatches`, { type: 'checkbox' })}
                            />
                          ) : null}
                        </Stack>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** An hourly model: a rate per hour and a minimum of hours, and per vehicle type its own. */
export function HourlyFields({ form, readOnly }: { form: ModelForm; readOnly?: boolean }) {
  const { t } = useTranslation();
  const rows = valueAt<HourlyRowValues[]>(form, 'hourlyVehicles');
  return (
    <Stack gap="md">
      <FormSection title={t('pricing.hourly.title')}>
        <FormCol>
          <MoneyField model={form} path="ratePerHour" label={t('pricing.hourly.ratePerHour')} />
        </FormCol>
        <FormCol>
          <NumberField model={form} path="minimumHours" label={t('pricing.hourly.minimumHours')} decimalScale={2} />
        </FormCol>
      </FormSection>
      <FormSection title={t('pricing.hourly.rows')}>
        <Stack gap="sm" w="100%" px={8}>
          {rows.length === 0 ? <Text size="sm">{t('pricing.hourly.noRows')}</Text> : null}
          {rows.map((_, i) => (
            <Grid key={i} gap="sm" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <LookupSelect
                  call="Common/GetVehicleTypeList"
                  label={t('pricing.vehicleType')}
                  {...lookupProps(form, `hourlyVehicles.${i}.vehicleTypeId`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <MoneyField
                  model={form}
                  path={`hourlyVehicles.${i}.ratePerHour`}
                  label={t('pricing.hourly.ratePerHour')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 3 }}>
                <NumberField
                  model={form}
                  path={`hourlyVehicles.${i}.minimumHours`}
                  label={t('pricing.hourly.minimumHours')}
                  decimalScale={2}
                />
              </Grid.Col>
              <Grid.Col span={1}>
                {readOnly ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={t('pricing.vehicle.removeOf', { n: i + 1 })}
                    onClick={() => form.removeListItem('hourlyVehicles', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Grid.Col>
            </Grid>
          ))}
          {readOnly ? null : (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('hourlyVehicles', {
                  vehicleTypeId: null,
                  ratePerHour: '',
                  minimumHours: '',
                } satisfies HourlyRowValues)
              }
            >
              {t('pricing.vehicle.add')}
            </Button>
          )}
        </Stack>
      </FormSection>
    </Stack>
  );
}
