import { ownerStatistics } from '../statistics/owner';
import { z } from 'zod';
import { codeRow, deletedRow, lookup, lookupInput } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, id, imageUpload, listInput } from '../fields';
import { topInput, topRow } from '../statistics/schemas';
import {
  childClientFields,
  clientFields,
  clientImage,
  clientListInput,
  clientLookupRow,
  clientNote,
  clientRow,
  clientUpdateFields,
  representativeRow,
} from './schemas';

const unnamed = 'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names';
const named = z.object({ id: z.number(), name: z.string() });

const clientStatistics = ownerStatistics('client', 'Its own bookings; child accounts count on their own.');

export const commonClient = area(
  'Common',
  { subject: 'Client' },
  {
    GetClientImage: read({
      input: byId(),
      output: clientImage,
      summary: "The client's logo or photo (a signed address; null when it has none).",
    }),
    UploadImageClient: mutation({
      verb: 'update',
      input: z.object({ id: id(), file: imageUpload() }),
      output: z.object({ id: z.number(), imageUrl: z.string() }),
      upload: 'file',
      summary: "Uploads the client's logo or photo (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
    GetClientList: lookup(clientLookupRow, {
      summary: 'Active clients, parents and child accounts alike, by name.',
    }),
    GetClientListWithSearch: lookup(clientLookupRow, {
      summary: 'Active clients whose name or account number contains q.',
    }),
    GetSearchedClient: list({
      input: listInput({}),
      row: clientLookupRow,
      summary:
        'Type-ahead: active clients matching q on name or account number, best matches first (exact account number, then names starting with q); 10 per page.',
    }),
  },
);

export const clientClient = area(
  'Client',
  { subject: 'Client' },
  {
    Create: mutation({
      verb: 'create',
      input: clientFields,
      output: clientRow,
      summary: 'Adds a client: a top-level account, or a child account when parentClientId is given.',
    }),
    CreateChild: mutation({
      verb: 'create',
      input: childClientFields,
      output: clientRow,
      summary: 'Adds a child account under parentClientId.',
    }),
    Update: mutation({
      verb: 'update',
      input: clientUpdateFields,
      output: clientRow,
      summary:
        'Changes a client: only the fields sent change ("" or null clears an optional field; a left-out notification channel or tagIds stays). A client never becomes its own ancestor: a parent that is the client or one of its child accounts is refused. invoiceGroup "parent" needs a parent, checked on the result.',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a client and its client references; refused (409) while it has child accounts, bookings, passengers or portal users.',
    }),
    GetTableSummary: list({
      input: clientListInput,
      row: clientRow,
      summary:
        'Clients with their settings, paged and sorted; q searches name, account number and e-mail. parentClientId 0 lists top-level clients only.',
    }),
    GetClientTypeList: lookup(named, { subject: 'Lookup', summary: 'Active client types.' }),
    GetClientListForParents: list({
      input: lookupInput(),
      row: clientLookupRow,
      summary:
        'Clients that may be the parent of client `id`: every active client except itself and its child accounts at any depth (all active clients when id is 0 or left out).',
    }),
    GetTopClient: read({
      input: topInput,
      output: z.array(topRow),
      summary: "The busiest clients over the range by done bookings, then revenue (a parent's own bookings only).",
    }),
    GetClientStatistics: clientStatistics.statistics,
    GetClientBookingCount: clientStatistics.count,
    GetClientWeekDays: clientStatistics.weekDays,
    GetClientBookingTrends: clientStatistics.trends,
    GetClientNote: read({ input: byId(), output: clientNote, summary: "The client's notes." }),
    GetClientSMSList: {
      ...lookup(codeRow, { subject: 'Lookup', summary: 'Booking events that can send the client a text message.' }),
      addedBecause: unnamed,
    },
    GetClientEmailList: {
      ...lookup(codeRow, { subject: 'Lookup', summary: 'Booking events that can send the client an e-mail.' }),
      addedBecause: unnamed,
    },
    GetClientPhoneCallList: {
      ...lookup(codeRow, { subject: 'Lookup', summary: 'Booking events that can place an automated phone call.' }),
      addedBecause: unnamed,
    },
    GetClientRepresentativeList: {
      ...lookup(representativeRow, { summary: 'Active staff who can look after a client account.' }),
      addedBecause: unnamed,
    },
    GetClientTagList: {
      ...lookup(named.extend({ colour: z.string() }), { subject: 'Lookup', summary: 'Active client tags.' }),
      addedBecause: unnamed,
    },
    GetRefClientReferenceTypeList: lookup(named, {
      subject: 'Lookup',
      summary: 'Active kinds of client reference (cost centre, PO number…).',
    }),
  },
);
