/** A point on the map as [latitude, longitude]. */
export type Pin = [number, number];

export type PinKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export const isPinKey = (key: string): key is PinKey =>
  key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';

/**
 * Where an arrow key moves the pin: a fortieth of the map's visible span (a tenth with Shift), so
 * the step follows the zoom; north is up. Rounded to six decimals (about 10 cm), as stops store.
 */
export function movePin(pin: Pin, key: PinKey, span: { lat: number; lng: number }, big = false): Pin {
  const part = big ? 10 : 40;
  const dLat = span.lat / part;
  const dLng = span.lng / part;
  const [lat, lng] = pin;
  const next: Pin =
    key === 'ArrowUp'
      ? [lat + dLat, lng]
      : key === 'ArrowDown'
        ? [lat - dLat, lng]
        : key === 'ArrowLeft'
          ? [lat, lng - dLng]
          : [lat, lng + dLng];
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return [round(Math.max(-90, Math.min(90, next[0]))), round(((((next[1] + 180) % 360) + 360) % 360) - 180)];
}
