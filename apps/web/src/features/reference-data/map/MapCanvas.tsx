import 'leaflet/dist/leaflet.css';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { MapContainer, Pane, ScaleControl, TileLayer, useMap } from 'react-leaflet';
import { boundsOf, LONDON, type LatLng } from '../polygon';
import { CoordinateGrid } from './CoordinateGrid';

/**
 * Tiles come from the server's configuration (MAP_TILE_URL, read at run time through
 * Common/GetMapSettings, so an operator sets them without rebuilding); by default there are none,
 * because the product must work without the internet. Without tiles, or when they fail to load, the
 * map is a light background with a coordinate grid, and every outline and point still shows.
 */
function useMapTiles() {
  const settings = useCall('Common/GetMapSettings', {}, { staleTime: Infinity });
  return { url: settings.data?.data.tileUrl ?? null, attribution: settings.data?.data.attribution ?? '' };
}

type TileState = 'none' | 'loading' | 'ok' | 'failed';

/** Keeps Leaflet's idea of its size right when the map opens inside a modal or the layout changes. */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * Frames the outlines once, when they are known: a single point gets a street-level view, nothing
 * at all leaves the map on London.
 */
function FrameOnce({ outlines, ready }: { outlines: LatLng[][]; ready: boolean }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready) return;
    done.current = true;
    const box = boundsOf(outlines);
    if (!box) return;
    if (box.north - box.south < 1e-4 && box.east - box.west < 1e-4) {
      map.setView([box.south, box.west], 15);
      return;
    }
    map.fitBounds(
      [
        [box.south, box.west],
        [box.north, box.east],
      ],
      { padding: [24, 24], maxZoom: 15 },
    );
  }, [map, outlines, ready]);
  return null;
}

export function MapCanvas({
  height = 380,
  frame,
  frameReady,
  children,
  label,
  keyboard = true,
}: {
  height?: number;
  /** Leaflet's own arrow-key panning; off when the caller gives the keys another meaning. */
  keyboard?: boolean;
  /** What to show first: the outline being edited, or every zone for context. */
  frame: LatLng[][];
  /** False while the rows to frame are still loading. */
  frameReady: boolean;
  children: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  const source = useMapTiles();
  // What the tiles did once asked for; with no tile address there is nothing to ask.
  const [heard, setTiles] = useState<'ok' | 'failed' | null>(null);
  const tiles: TileState = source.url ? (heard ?? 'loading') : 'none';
  return (
    <div style={{ position: 'relative' }} role="group" aria-label={label}>
      <MapContainer
        center={LONDON}
        zoom={11}
        doubleClickZoom={false}
        keyboard={keyboard}
        attributionControl={source.url !== null}
        style={{
          height,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-gray-4)',
          background: '#f6f8fa',
          cursor: 'crosshair',
        }}
      >
        {source.url ? (
          <TileLayer
            url={source.url}
            attribution={source.attribution}
            eventHandlers={{
              tileload: () => setTiles('ok'),
              tileerror: () => setTiles((s) => (s === 'ok' ? s : 'failed')),
            }}
          />
        ) : null}
        {tiles !== 'ok' ? (
          <Pane name="grid" style={{ zIndex: 250 }}>
            <CoordinateGrid pane="grid" />
          </Pane>
        ) : null}
        <ScaleControl position="bottomleft" imperial={false} />
        <FollowSize />
        <FrameOnce outlines={frame} ready={frameReady} />
        {children}
      </MapContainer>
      {tiles === 'failed' ? (
        <Text
          size="xs"
          c="dimmed"
          style={{
            position: 'absolute',
            top: 8,
            left: 56,
            zIndex: 500,
            background: 'rgba(255,255,255,.85)',
            padding: '2px 8px',
            borderRadius: 4,
          }}
        >
          {t('reference-data.map.tilesFailed')}
        </Text>
      ) : null}
    </div>
  );
}
