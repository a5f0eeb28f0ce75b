import L from 'leaflet';
import { textOn } from '@cabdesk/contract/colour';
import { statusColour } from './status';

/*
 * Markers are HTML, not Leaflet's default images (looked up by URL at run time, which breaks in a
 * bundled offline build). Icons are cached: a moving marker keeps its element.
 */
const cache = new Map<string, L.DivIcon>();

function cached(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = cache.get(key);
  if (!icon) {
    icon = make();
    cache.set(key, icon);
  }
  return icon;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A driver: a dot in the status colour with the callsign (or initials); faded when the fix is old. */
export function driverIcon(availability: number, label: string, opts: { stale: boolean; selected: boolean }) {
  const text = escape(label.slice(0, 4));
  return cached(`d${availability}|${text}|${opts.stale}|${opts.selected}`, () => {
    const size = opts.selected ? 34 : 28;
    return L.divIcon({
      className: '',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      popupAnchor: [0, -size / 2],
      html: `<div style="width:${size}px;height:${size}px;box-sizing:border-box;border-radius:50%;background:${statusColour(
        availability,
      )};color:${textOn(statusColour(availability))};border:${opts.selected ? 3 : 2}px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35),0 1px 4px rgba(0,0,0,.3);display:flex;align-items:center;justify-content:center;font:600 10px/1 system-ui,sans-serif;opacity:${
        opts.stale ? 0.5 : 1
      }">${text}</div>`,
    });
  });
}

/** A stop of a booking: A for the pick-up, B for the drop-off, a small dot for a via. */
export function stopIcon(kind: 'pickup' | 'via' | 'dropoff') {
  return cached(`s${kind}`, () => {
    if (kind === 'via') {
      return L.divIcon({
        className: '',
        iconSize: [12, 12],
        iconAnchor: [6, 6],
        html: '<div style="width:12px;height:12px;border-radius:50%;background:#fff;border:3px solid #495057;box-sizing:border-box"></div>',
      });
    }
    const colour = kind === 'pickup' ? '#2f9e44' : '#e03131';
    const letter = kind === 'pickup' ? 'A' : 'B';
    return L.divIcon({
      className: '',
      iconSize: [26, 34],
      iconAnchor: [13, 34],
      popupAnchor: [0, -30],
      html: `<svg width="26" height="34" viewBox="0 0 28 36" style="filter:drop-shadow(0 1px 1px rgba(0,0,0,.4))"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 22 14 22s14-11.5 14-22C28 6.3 21.7 0 14 0z" fill="${colour}"/><text x="14" y="19" text-anchor="middle" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#fff">${letter}</text></svg>`,
    });
  });
}
