import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { MapArea } from '../../api/live';

/** A little beyond the visible edges, so a driver about to drive into view is already known. */
const MARGIN = 0.25;

/** Tells its parent what the map shows, once placed and after every pan or zoom. */
export function ReportView({ onArea }: { onArea: (area: MapArea) => void }) {
  const map = useMap();
  const report = () => {
    const b = map.getBounds().pad(MARGIN);
    const width = b.getEast() - b.getWest();
    // Zoomed out over the whole world: every driver, in one area the server understands.
    if (width >= 360) return onArea({ south: -90, west: -180, north: 90, east: 180 });
    const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
    onArea({
      south: Math.max(-90, b.getSouth()),
      north: Math.min(90, b.getNorth()),
      west: wrap(b.getWest()),
      east: wrap(b.getEast()),
    });
  };
  useMapEvents({ moveend: report });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(report, [map]);
  return null;
}
