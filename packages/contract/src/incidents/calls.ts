import { area, planned } from '../define';

const unnamed = 'the spec shows an incident table and log but names no incident calls';

export const incidentCalls = area(
  'Incident',
  { subject: 'Incident' },
  {
    GetTableSummary: planned({ addedBecause: unnamed }),
    GetIncidentDetails: planned({ addedBecause: unnamed }),
    Create: planned({ addedBecause: unnamed }),
    Close: planned({ addedBecause: unnamed }),
  },
);
