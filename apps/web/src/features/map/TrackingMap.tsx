import type { CallOutput } from '@cabdesk/contract';
import { useMemo } from 'react';
import { Marker, Polyline, Tooltip } from 'react-leaflet';
import type { LivePosition } from '../../api/live';
import { MapCanvas } from '../reference-data/map/MapCanvas';
import type { LatLng } from '../reference-data/polygon';
import { driverIcon, stopIcon } from './icons';

type Tracking = CallOutput<'Booking/GetBookingTrackingDetails'>;

/** The stops, the route so far (with what was heard live since) and where the driver is now. */
export function TrackingMap({
  tracking,
  trail,
  height,
  label,
}: {
  tracking: Tracking;
  trail: LivePosition[];
  height: number;
  label: string;
}) {
  const stops = tracking.stops.filter((s) => s.lat !== null && s.lng !== null);
  const route = useMemo<LatLng[]>(
    () => [...tracking.route.map((p) => [p.lat, p.lng] as LatLng), ...trail.map((p) => [p.lat, p.lng] as LatLng)],
    [tracking.route, trail],
  );
  const heard = trail.at(-1);
  const driverAt: LatLng | null = heard
    ? [heard.lat, heard.lng]
    : tracking.driverPosition
      ? [tracking.driverPosition.lat, tracking.driverPosition.lng]
      : null;
  // Framed once on the journey as first answered: stops, route and driver.
  const frame = useMemo<LatLng[][]>(
    () => [
      [
        ...stops.map((s) => [s.lat!, s.lng!] as LatLng),
        ...tracking.route.map((p) => [p.lat, p.lng] as LatLng),
        ...(tracking.driverPosition ? [[tracking.driverPosition.lat, tracking.driverPosition.lng] as LatLng] : []),
      ],
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tracking.bookingId],
  );
  const driverLabel = tracking.driver?.callsign ?? tracking.driver?.fullName.slice(0, 2).toUpperCase() ?? '';
  return (
    <MapCanvas frame={frame} frameReady label={label} height={height}>
      {route.length > 1 ? (
        <Polyline positions={route} pathOptions={{ color: '#1c7ed6', weight: 4, opacity: 0.85 }} interactive={false} />
      ) : null}
      {stops.map((s) => (
        <Marker key={s.seq} position={[s.lat!, s.lng!]} icon={stopIcon(s.kind)} title={s.address} alt={s.address}>
          <Tooltip direction="top" offset={[0, -30]}>
            {s.address}
          </Tooltip>
        </Marker>
      ))}
      {driverAt && tracking.driver ? (
        <Marker
          position={driverAt}
          icon={driverIcon(2, driverLabel, { stale: false, selected: true })}
          title={tracking.driver.fullName}
          alt={tracking.driver.fullName}
          zIndexOffset={1000}
        >
          <Tooltip direction="top" offset={[0, -16]}>
            {tracking.driver.fullName}
          </Tooltip>
        </Marker>
      ) : null}
    </MapCanvas>
  );
}
