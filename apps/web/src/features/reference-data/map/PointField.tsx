import { Button, Group, Input, NumberInput, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../polygon';
import { ContextZones, PointPicker } from './layers';
import { MapCanvas } from './MapCanvas';
import { useContextZones } from './useContextZones';

export type Coordinate = number | string | null;

/** Latitude and longitude, typed or picked by clicking the map. */
export default function PointField({
  label,
  lat,
  lng,
  onChange,
  latError,
  lngError,
}: {
  label: string;
  lat: Coordinate;
  lng: Coordinate;
  onChange: (lat: Coordinate, lng: Coordinate) => void;
  latError?: string;
  lngError?: string;
}) {
  const { t } = useTranslation();
  const { zones, ready } = useContextZones();
  const num = (v: Coordinate) => (v === null || v === '' ? null : Number(v));
  const a = num(lat);
  const b = num(lng);
  const point: LatLng | null =
    a !== null && b !== null && Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180
      ? [a, b]
      : null;
  const [startedWith] = useState(point);
  const frame = useMemo(() => (startedWith ? [[startedWith]] : zones.map((z) => z.polygon)), [startedWith, zones]);
  return (
    <Input.Wrapper label={label} description={t('reference-data.map.pointHelp')}>
      <Stack gap={6} mt={6}>
        <Group gap="xs" align="flex-start">
          <NumberInput
            label={t('reference-data.field.lat')}
            value={lat ?? ''}
            onChange={(v) => onChange(v === '' ? null : v, lng)}
            decimalScale={6}
            min={-90}
            max={90}
            error={latError}
            w={150}
            size="xs"
          />
          <NumberInput
            label={t('reference-data.field.lng')}
            value={lng ?? ''}
            onChange={(v) => onChange(lat, v === '' ? null : v)}
            decimalScale={6}
            min={-180}
            max={180}
            error={lngError}
            w={150}
            size="xs"
          />
          <Button
            size="xs"
            variant="default"
            mt={22}
            leftSection={<IconX size={14} />}
            disabled={lat === null && lng === null}
            onClick={() => onChange(null, null)}
          >
            {t('reference-data.map.clearPoint')}
          </Button>
        </Group>
        <MapCanvas frame={frame} frameReady={startedWith !== null || ready} label={label} height={400}>
          <ContextZones zones={zones} />
          <PointPicker point={point} onChange={([a, b]) => onChange(a, b)} />
        </MapCanvas>
      </Stack>
    </Input.Wrapper>
  );
}
