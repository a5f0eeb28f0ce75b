import 'leaflet/dist/leaflet.css';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Pane, ScaleControl, TileLayer, useMap } from 'react-leaflet';
import { boundsOf, LONDON, type LatLng } from '../polygon';
import { CoordinateGrid } from './CoordinateGrid';

/**
 * Tiles come from the build (VITE_MAP_TILE_URL); by default there are none, because the product
 * must work without the internet. Without tiles, or when they fail to load, the map is a light
 * background with a coordinate grid, and every outline and point still shows and can be edited.
 */
const tileUrl = String(import.meta.env.VITE_MAP_TILE_URL ?? '').trim();
const tileAttribution = String(import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '');

export const mapHasTiles = tileUrl !== '';

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
}: {
  height?: number;
  /** What to show first: the outline being edited, or every zone for context. */
  frame: LatLng[][];
  /** False while the rows to frame are still loading. */
  frameReady: boolean;
  children: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<TileState>(mapHasTiles ? 'loading' : 'none');
  return (
    <div style={{ position: 'relative' }} role="group" aria-label={label}>
      <MapContainer
        center={LONDON}
        zoom={11}
        doubleClickZoom={false}
        attributionControl={mapHasTiles}
        style={{
          height,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-gray-4)',
          background: '#f6f8fa',
          cursor: 'crosshair',
        }}
      >
        {mapHasTiles ? (
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
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
