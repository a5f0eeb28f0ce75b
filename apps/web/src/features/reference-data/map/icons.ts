import L from 'leaflet';

/*
 * Handles are drawn with HTML, not Leaflet's default marker images: those are looked up by URL at
 * run time and break in a bundled, offline build. Icons are cached so a re-render during a drag
 * does not replace the element being dragged.
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

/** Only a real hex colour reaches the HTML of an icon. */
export const safeColour = (colour: string) => (/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#1c7ed6');

/** A corner of an outline: a white dot ringed in the zone's colour; the newest one is larger. */
export const vertexIcon = (colour: string, newest: boolean) =>
  cached(`v${safeColour(colour)}${newest}`, () => {
    const size = newest ? 18 : 14;
    return L.divIcon({
      className: '',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      html: `<div style="width:${size}px;height:${size}px;box-sizing:border-box;border-radius:50%;background:#fff;border:3px solid ${safeColour(colour)};box-shadow:0 0 0 1px rgba(0,0,0,.3);cursor:grab"></div>`,
    });
  });

/** Between two corners: click it to put a corner there. */
export const midpointIcon = (colour: string) =>
  cached(`m${safeColour(colour)}`, () =>
    L.divIcon({
      className: '',
      iconSize: [12, 12],
      iconAnchor: [6, 6],
      html: `<div style="width:12px;height:12px;box-sizing:border-box;border-radius:50%;background:${safeColour(colour)};opacity:.55;border:2px solid #fff;cursor:copy"></div>`,
    }),
  );

/** A known location's pin; the tip marks the spot. */
export const pinIcon = cached('pin', () =>
  L.divIcon({
    className: '',
    iconSize: [28, 36],
    iconAnchor: [14, 36],
    html: '<svg width="28" height="36" viewBox="0 0 28 36" style="filter:drop-shadow(0 1px 1px rgba(0,0,0,.4));cursor:grab"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 22 14 22s14-11.5 14-22C28 6.3 21.7 0 14 0z" fill="#e03131"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg>',
  }),
);
