import type { Marker as LeafletMarker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import { DriverPopup } from './DriverPopup';
import { driverIcon } from './icons';
import { STALE_SECONDS } from './status';
import { secondsSince } from './last-seen';
import type { DriverOnMap } from './useDriverMap';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * One marker per driver with a position. Selecting a driver in the list pans there and opens the
 * popup; a marker's position prop changing moves it in place (live positions).
 */
export function DriverMarkers({
  drivers,
  selectedId,
  onSelect,
  now,
}: {
  drivers: DriverOnMap[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  now: number;
}) {
  const map = useMap();
  const markers = useRef(new Map<number, LeafletMarker>());
  const selected = drivers.find((d) => d.driverId === selectedId);
  const selectedPosition = selected?.position;

  useEffect(() => {
    if (!selectedId || !selectedPosition) return;
    map.panTo([selectedPosition.lat, selectedPosition.lng], { animate: true });
    markers.current.get(selectedId)?.openPopup();
    // Only when the choice changes, not on every move of the chosen driver.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, map]);

  return (
    <>
      {drivers.map((d) =>
        d.position ? (
          <Marker
            key={d.driverId}
            position={[d.position.lat, d.position.lng]}
            icon={driverIcon(d.availability, d.callsign ?? initials(d.fullName), {
              stale: secondsSince(d.position.recordedAt, now) > STALE_SECONDS,
              selected: d.driverId === selectedId,
            })}
            title={d.fullName}
            alt={d.fullName}
            zIndexOffset={d.driverId === selectedId ? 1000 : d.availability === 3 ? -100 : 0}
            ref={(m) => {
              if (m) markers.current.set(d.driverId, m);
              else markers.current.delete(d.driverId);
            }}
            eventHandlers={{
              click: () => onSelect(d.driverId),
              popupclose: () => d.driverId === selectedId && onSelect(null),
            }}
          >
            <Popup autoPanPadding={[24, 24]}>
              <DriverPopup driver={d} now={now} />
            </Popup>
          </Marker>
        ) : null,
      )}
    </>
  );
}
