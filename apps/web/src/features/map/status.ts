/** Marker colours by driver availability: 1 available, 2 busy, 3 offline, 4 on break. */
export const statusColours: Record<number, string> = {
  1: '#2f9e44',
  2: '#f76707',
  3: '#868e96',
  4: '#f59f00',
};

export const statusColour = (availability: number) => statusColours[availability] ?? '#868e96';

/** A position older than this is drawn faded: the driver may be somewhere else by now. */
export const STALE_SECONDS = 15 * 60;
