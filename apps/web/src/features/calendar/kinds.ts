import { codesOf } from '@cabdesk/contract';

export const eventKinds = codesOf('driverEventKind');
export type EventKind = (typeof eventKinds)[number];

/** One colour per kind, the same in the grid, the legend and the form. */
export const kindColours: Record<string, string> = {
  leave: 'blue',
  sickness: 'red',
  training: 'grape',
  vehicle: 'orange',
  other: 'gray',
};
