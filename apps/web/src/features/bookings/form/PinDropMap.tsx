import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, type MutableRefObject } from 'react';
import { useMap } from 'react-leaflet';
import { ContextZones, PointPicker } from '../../reference-data/map/layers';
import { MapCanvas } from '../../reference-data/map/MapCanvas';
import { useContextZones } from '../../reference-data/map/useContextZones';
import type { Pin } from './pin-keys';

/** Hands the map to the dialog, which moves the pin with the keys and keeps it in view. */
function MapHandle({ mapRef, pin }: { mapRef: MutableRefObject<LeafletMap | null>; pin: Pin | null }) {
  const map = useMap();
  useEffect(() => {
    mapRef.current = map;
    return () => {
      mapRef.current = null;
    };
  }, [map, mapRef]);
  useEffect(() => {
    if (pin) map.panInside(pin, { padding: [24, 24] });
  }, [map, pin]);
  return null;
}

/** The map of the pin-drop dialog: the company's zones for bearings, a click drops the pin. */
export default function PinDropMap({
  pin,
  near,
  label,
  onPin,
  mapRef,
}: {
  pin: Pin | null;
  /** Points to frame when there is no pin yet (the journey's other stops). */
  near: Pin[];
  label: string;
  onPin: (pin: Pin) => void;
  mapRef: MutableRefObject<LeafletMap | null>;
}) {
  const { zones, ready } = useContextZones();
  const frame = useMemo(
    () => (pin ? [[pin]] : near.length ? [near] : zones.map((z) => z.polygon)),
    // Framed once, when the dialog opens: moving the pin does not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [zones],
  );
  return (
    <MapCanvas
      frame={frame}
      frameReady={pin !== null || near.length > 0 || ready}
      label={label}
      height={360}
      keyboard={false}
    >
      <ContextZones zones={zones} />
      <PointPicker point={pin} onChange={onPin} />
      <MapHandle mapRef={mapRef} pin={pin} />
    </MapCanvas>
  );
}
