import type { LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { Marker, Polygon, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import { appendPoint, insertAfter, type LatLng, midpoints, movePoint, removePoint, roundPoint } from '../polygon';
import { midpointIcon, pinIcon, safeColour, vertexIcon } from './icons';

export interface ContextZone {
  id: number;
  name: string;
  colour: string;
  polygon: LatLng[];
}

const pointOf = (e: LeafletMouseEvent): LatLng => [e.latlng.lat, e.latlng.lng];
const markerPoint = (marker: LeafletMarker): LatLng => {
  const p = marker.getLatLng();
  return [p.lat, p.lng];
};

/** The company's other zones, faint, named, not clickable: clicks go through to the map. */
export function ContextZones({ zones }: { zones: ContextZone[] }) {
  return (
    <>
      {zones
        .filter((z) => z.polygon.length >= 3)
        .map((z) => (
          <Polygon
            key={z.id}
            positions={z.polygon}
            interactive={false}
            pathOptions={{
              color: safeColour(z.colour),
              weight: 1,
              opacity: 0.6,
              dashArray: '4 4',
              fillOpacity: 0.07,
            }}
          >
            <Tooltip permanent direction="center" opacity={0.75}>
              {z.name}
            </Tooltip>
          </Polygon>
        ))}
    </>
  );
}

/**
 * The outline being edited: a click on the map adds a corner at the end, a corner can be dragged,
 * a small dot between two corners adds one there, a right-click (long press) on a corner removes it.
 */
export function OutlineEditor({
  points,
  colour,
  onChange,
}: {
  points: LatLng[];
  colour: string;
  onChange: (points: LatLng[]) => void;
}) {
  const c = safeColour(colour);
  useMapEvents({ click: (e) => onChange(appendPoint(points, pointOf(e))) });
  return (
    <>
      {points.length >= 3 ? (
        <Polygon positions={points} interactive={false} pathOptions={{ color: c, weight: 3, fillOpacity: 0.25 }} />
      ) : points.length === 2 ? (
        <Polyline positions={points} interactive={false} pathOptions={{ color: c, weight: 3 }} />
      ) : null}
      {midpoints(points).map((m) => (
        <Marker
          key={`mid${m.index}-${points.length}`}
          position={m.point}
          icon={midpointIcon(c)}
          title="+"
          eventHandlers={{ click: () => onChange(insertAfter(points, m.index, m.point)) }}
        />
      ))}
      {points.map((p, i) => (
        <Marker
          key={`corner${i}`}
          position={p}
          draggable
          autoPan
          icon={vertexIcon(c, i === points.length - 1)}
          title={`${i + 1}`}
          eventHandlers={{
            drag: (e) => onChange(movePoint(points, i, markerPoint(e.target as LeafletMarker))),
            contextmenu: () => onChange(removePoint(points, i)),
          }}
        />
      ))}
    </>
  );
}

/** One spot (a known location): a click puts the pin there, the pin can be dragged. */
export function PointPicker({ point, onChange }: { point: LatLng | null; onChange: (point: LatLng) => void }) {
  useMapEvents({ click: (e) => onChange(roundPoint(pointOf(e))) });
  if (!point) return null;
  return (
    <Marker
      position={point}
      draggable
      autoPan
      icon={pinIcon}
      eventHandlers={{ dragend: (e) => onChange(roundPoint(markerPoint(e.target as LeafletMarker))) }}
    />
  );
}
