import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LatLng, removeLast } from '../polygon';
import { ContextZones, OutlineEditor } from './layers';
import { MapCanvas } from './MapCanvas';
import { useContextZones } from './useContextZones';

/** A zone's outline, drawn on the map among the company's other zones. */
export default function OutlineField({
  label,
  value,
  onChange,
  colour,
  error,
  zoneId,
  required,
}: {
  label: string;
  value: LatLng[];
  onChange: (points: LatLng[]) => void;
  colour: string;
  error?: string;
  zoneId?: number;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { zones, ready } = useContextZones(zoneId);
  // The first view: the outline itself when editing, otherwise every other zone (or London).
  const [startedWith] = useState(value);
  const frame = useMemo(() => (startedWith.length ? [startedWith] : zones.map((z) => z.polygon)), [startedWith, zones]);
  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required}
      error={error}
      description={t('reference-data.map.outlineHelp')}
    >
      <Stack gap={6} mt={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c={value.length >= 3 ? undefined : 'dimmed'}>
            {t('reference-data.map.points', { count: value.length })}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} />}
              disabled={!value.length}
              onClick={() => onChange(removeLast(value))}
            >
              {t('reference-data.map.removeLast')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={!value.length}
              onClick={() => onChange([])}
            >
              {t('reference-data.map.clear')}
            </Button>
          </Group>
        </Group>
        <MapCanvas frame={frame} frameReady={startedWith.length > 0 || ready} label={label} height={440}>
          <ContextZones zones={zones} />
          <OutlineEditor points={value} colour={colour} onChange={onChange} />
        </MapCanvas>
      </Stack>
    </Input.Wrapper>
  );
}
