import { area, list, mutation, read } from '../define';
import { byId } from '../fields';
import { incidentCloseInput, incidentCreateInput, incidentListInput, incidentRow } from './schemas';

const unnamed = 'the spec shows an incident table and log but names no incident calls';

export const incidentCalls = area(
  'Incident',
  { subject: 'Incident' },
  {
    GetTableSummary: list({
      input: incidentListInput,
      row: incidentRow,
      addedBecause: unnamed,
      summary:
        'The incident log, paged and sorted on the server (newest first); bookingId, status and category filter, q searches text, names and the booking number.',
    }),
    GetIncidentDetails: read({
      input: byId(),
      output: incidentRow,
      addedBecause: unnamed,
      summary: 'One incident by its id.',
    }),
    Create: mutation({
      verb: 'create',
      input: incidentCreateInput,
      output: incidentRow,
      addedBecause: unnamed,
      summary: "Records an incident on a booking; the booking's driver and passenger are taken from it. Opens it.",
    }),
    Close: mutation({
      verb: 'update',
      input: incidentCloseInput,
      output: incidentRow,
      addedBecause: unnamed,
      summary: 'Closes an open incident with the action taken; a closed one answers 409.',
    }),
  },
);
