import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { handlers, type CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { imageOf, replaceImage } from '../../platform/files/images';
import { fixedLookup } from '../reference-data/lookups';
import { topOf } from '../statistics/booking-stats';
import { ownerStatisticsHandlers } from '../statistics/owner-handlers';
import {
  clientList,
  clientTagList,
  clientTypeList,
  parentCandidates,
  referenceTypeList,
  representativeList,
  searchedClients,
} from './lookups';
import { listClients } from './rows';
import { clients } from './schema';
import { createClient, deleteClient, updateClient } from './writes';

/** Statistics of a client that is not the caller's answer 404, not empty figures. */
async function ownClient(ctx: CallContext<Session>, id: number) {
  const [row] = await ctx.db
    .select({ id: clients.id, notes: clients.notes })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, id)));
  if (!row) throw notFound(`Client ${id}`);
  return row;
}

const image = { table: clients, field: 'photoKey' as const, noun: 'Client' };

export const clientsHandlers = handlers({
  'Client/GetTableSummary': (input, ctx) => listClients(ctx, input),
  'Client/Create': (input, ctx) => createClient(ctx, input),
  'Client/CreateChild': (input, ctx) => createClient(ctx, input),
  'Client/Update': (input, ctx) => updateClient(ctx, input),
  'Client/Delete': (input, ctx) => deleteClient(ctx, input.id),
  'Client/GetClientNote': async (input, ctx) => ownClient(ctx, input.id),

  'Client/GetClientTypeList': (input, ctx) => clientTypeList(ctx, input),
  'Client/GetRefClientReferenceTypeList': (input, ctx) => referenceTypeList(ctx, input),
  'Client/GetClientListForParents': (input, ctx) => parentCandidates(ctx, input),
  'Client/GetClientSMSList': fixedLookup('clientMessage'),
  'Client/GetClientEmailList': fixedLookup('clientMessage'),
  'Client/GetClientPhoneCallList': fixedLookup('clientPhoneCall'),
  'Client/GetClientRepresentativeList': (input, ctx) => representativeList(ctx, input),
  'Client/GetClientTagList': (input, ctx) => clientTagList(ctx, input),

  ...ownerStatisticsHandlers('client', ownClient, {
    statistics: 'Client/GetClientStatistics',
    count: 'Client/GetClientBookingCount',
    weekDays: 'Client/GetClientWeekDays',
    trends: 'Client/GetClientBookingTrends',
  }),
  'Client/GetTopClient': (input, ctx) =>
    topOf(ctx, 'client', { table: clients, name: sql<string>`${clients.name}` }, input, input.limit),

  'Common/GetClientList': (input, ctx) => clientList(ctx, input),
  'Common/GetClientListWithSearch': (input, ctx) => clientList(ctx, input),
  'Common/GetSearchedClient': (input, ctx) => searchedClients(ctx, input),
  'Common/GetClientImage': (input, ctx) => imageOf(ctx, { ...image, id: input.id }),
  'Common/UploadImageClient': async (input, ctx) => ({
    data: await replaceImage(ctx, { ...image, id: input.id, folder: 'clients' }, input.file),
    message: 'Picture saved.',
  }),
});
