import { handlers } from '../../platform/http/context';
import { closeIncident, createIncident, incidentOf, listIncidents } from './service';

export const incidentsHandlers = handlers({
  'Incident/GetTableSummary': (input, ctx) => listIncidents(ctx, input),
  'Incident/GetIncidentDetails': (input, ctx) => incidentOf(ctx, input.id),
  'Incident/Create': async (input, ctx) => ({ data: await createIncident(ctx, input), message: 'Incident recorded.' }),
  'Incident/Close': async (input, ctx) => ({ data: await closeIncident(ctx, input), message: 'Incident closed.' }),
});
