import { useMemo } from 'react';
import { PointPicker } from '../reference-data/map/layers';
import { MapCanvas } from '../reference-data/map/MapCanvas';
import type { LatLng } from '../reference-data/polygon';

/** The company's base on the product's map: a click or a drag of the pin moves it. */
export default function BaseMap({
  base,
  label,
  onPick,
}: {
  base: LatLng | null;
  label: string;
  onPick: (point: LatLng) => void;
}) {
  // Framed once on the saved base (or the world): moving the pin does not move the view.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const frame = useMemo<LatLng[][]>(() => (base ? [[base]] : []), []);
  return (
    <MapCanvas frame={frame} frameReady label={label} height={320}>
      <PointPicker point={base} onChange={onPick} />
    </MapCanvas>
  );
}
