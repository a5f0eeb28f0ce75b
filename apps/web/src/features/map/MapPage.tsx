import { Alert, Badge, Grid, Group, Paper, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapArea } from '../../api/live';
import { useLiveState } from '../../app/LiveProvider';
import { PageHeader } from '../../ui/PageHeader';
import { MapCanvas } from '../reference-data/map/MapCanvas';
import type { LatLng } from '../reference-data/polygon';
import { DriverList, matches, type StatusFilter } from './DriverList';
import { DriverMarkers } from './DriverMarkers';
import { ReportView } from './ReportView';
import { useDriverMap, useNow } from './useDriverMap';

const HEIGHT = 620;

/** /map: where every driver is, in status colours, moving live; a searchable list beside it. */
export function MapPage() {
  const { t } = useTranslation();
  const liveState = useLiveState();
  const now = useNow();
  // Live positions come for the drivers the map shows; the list beside it keeps the last known ones.
  const [area, setArea] = useState<MapArea | null>(null);
  const { drivers, result } = useDriverMap(area);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const searched = useMemo(() => drivers.filter((d) => matches(d, search)), [drivers, search]);
  const shown = useMemo(
    () => (status === 'all' ? searched : searched.filter((d) => String(d.availability) === status)),
    [searched, status],
  );
  const counts = useMemo(() => {
    const c: Record<StatusFilter, number> = { all: searched.length, '1': 0, '2': 0, '3': 0, '4': 0 };
    for (const d of searched) c[String(d.availability) as StatusFilter]++;
    return c;
  }, [searched]);
  // Framed once, on the drivers first loaded: later moves must not pull the view away.
  const frame = useMemo<LatLng[][]>(
    () => [drivers.flatMap((d) => (d.position ? [[d.position.lat, d.position.lng] as LatLng] : []))],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.isSuccess],
  );

  return (
    <>
      <PageHeader
        title={t('map.title')}
        subtitle={t('map.subtitle')}
        actions={
          <Group gap="xs">
            {(['1', '2', '4', '3'] as const).map((s) => (
              <Badge key={s} variant="dot" color={{ '1': 'green', '2': 'orange', '4': 'yellow', '3': 'gray' }[s]}>
                {t(`map.status.${s}`)}
              </Badge>
            ))}
            <Badge variant="light" color={liveState === 'live' ? 'teal' : 'gray'}>
              {t(`map.live.${liveState}`)}
            </Badge>
          </Group>
        }
      />
      {result.isError ? (
        <Alert color="red" mb="md" title={t('map.loadFailed')}>
          {result.error.message}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="md" p="sm">
            {result.isPending ? (
              <Text c="dimmed" size="sm" p="sm">
                {t('map.loading')}
              </Text>
            ) : drivers.length === 0 ? (
              <Text c="dimmed" size="sm" p="sm">
                {t('map.empty')}
              </Text>
            ) : (
              <DriverList
                drivers={shown}
                counts={counts}
                search={search}
                onSearch={setSearch}
                status={status}
                onStatus={setStatus}
                selectedId={selectedId}
                onSelect={setSelectedId}
                now={now}
                height={HEIGHT - 26}
              />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }} order={{ base: 1, md: 2 }}>
          <MapCanvas frame={frame} frameReady={!result.isPending} label={t('map.title')} height={HEIGHT}>
            <DriverMarkers drivers={shown} selectedId={selectedId} onSelect={setSelectedId} now={now} />
            <ReportView onArea={setArea} />
          </MapCanvas>
        </Grid.Col>
      </Grid>
    </>
  );
}
