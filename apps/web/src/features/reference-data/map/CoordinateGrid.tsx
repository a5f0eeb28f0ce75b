import L from 'leaflet';
import { useState } from 'react';
import { Marker, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { type Bounds, formatCoordinate, gridLines } from '../polygon';

const lineStyle = { color: '#adb5bd', weight: 1, opacity: 0.7 } as const;

function viewOf(map: L.Map): Bounds {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

const labelIcon = (text: string, edge: 'right' | 'bottom') =>
  L.divIcon({
    className: '',
    iconSize: [0, 0],
    html: `<span style="position:absolute;${
      edge === 'right' ? 'right:4px;top:-17px' : 'left:-30px;top:-18px;width:60px;text-align:center'
    };font:11px/16px system-ui,sans-serif;color:#868e96;white-space:nowrap">${text}</span>`,
  });

/** Latitude and longitude lines on round values, labelled at the map's right and bottom edges. */
export function CoordinateGrid({ pane }: { pane: string }) {
  const map = useMap();
  const [view, setView] = useState<Bounds>(() => viewOf(map));
  useMapEvents({
    moveend: () => setView(viewOf(map)),
    zoomend: () => setView(viewOf(map)),
    resize: () => setView(viewOf(map)),
  });
  const { lats, lngs, step } = gridLines(view, 6);
  const margin = Math.max(view.north - view.south, view.east - view.west);
  return (
    <>
      {lats.map((lat) => (
        <Polyline
          key={`lat${lat}`}
          pane={pane}
          positions={[
            [lat, view.west - margin],
            [lat, view.east + margin],
          ]}
          pathOptions={lineStyle}
          interactive={false}
        />
      ))}
      {lngs.map((lng) => (
        <Polyline
          key={`lng${lng}`}
          pane={pane}
          positions={[
            [view.south - margin, lng],
            [view.north + margin, lng],
          ]}
          pathOptions={lineStyle}
          interactive={false}
        />
      ))}
      {lats.map((lat) => (
        <Marker
          key={`latl${lat}`}
          pane={pane}
          position={[lat, view.east]}
          icon={labelIcon(`${formatCoordinate(lat, step)}°`, 'right')}
          interactive={false}
          keyboard={false}
        />
      ))}
      {lngs.map((lng) => (
        <Marker
          key={`lngl${lng}`}
          pane={pane}
          position={[view.south, lng]}
          icon={labelIcon(`${formatCoordinate(lng, step)}°`, 'bottom')}
          interactive={false}
          keyboard={false}
        />
      ))}
    </>
  );
}
