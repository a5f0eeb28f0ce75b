import { ownerStatistics } from '../statistics/owner';
import { z } from 'zod';
import { codeRow, deletedRow, lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, id, imageUpload, wholeNumber } from '../fields';
import { topInput, topRow } from '../statistics/schemas';
import {
  driverCreateInput,
  driverDocumentListInput,
  driverDocumentRow,
  driverImage,
  driverListInput,
  driverLookupRow,
  driverPasswordAnswer,
  driverProfile,
  driverRow,
  driverSearchRow,
  driverUpdateInput,
  driverUserRow,
} from './schemas';

const named = z.object({ id: z.number(), name: z.string() });

const driverStatistics = ownerStatistics('driver');

export const commonDriver = area(
  'Common',
  { subject: 'Driver' },
  {
    GetDriverImage: read({ input: byId(), output: driverImage, summary: "The signed address of a driver's photo." }),
    UploadImageDriver: mutation({
      verb: 'update',
      input: z.object({ id: id(), file: imageUpload() }),
      output: driverImage.extend({ imageUrl: z.string() }),
      upload: 'file',
      summary: "Replaces a driver's photo (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
    GetDriverUserList: lookup(driverUserRow, {
      summary: 'Active drivers that have a driver-app account, with its sign-in e-mail.',
    }),
  },
);

export const driverDriver = area(
  'Driver',
  { subject: 'Driver' },
  {
    Create: mutation({
      verb: 'create',
      input: driverCreateInput,
      output: driverProfile,
      summary: 'Adds a driver; appEmail with appPassword also opens a driver-app account. Answers the profile.',
    }),
    Update: mutation({
      verb: 'update',
      input: driverUpdateInput,
      output: driverProfile,
      summary: 'Changes the fields it is sent (a field left out stays; "" or null clears it). Answers the profile.',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a driver with its app account, documents and tags; a driver with bookings or vehicles answers 409 (switch the driver off instead).',
    }),
    GetTableSummary: list({
      input: driverListInput,
      row: driverRow,
      summary: 'The drivers, paged, sorted, searchable (name, callsign, e-mail, phone) and filtered.',
    }),
    GetTableSummaryDriver: read({
      input: byId(),
      output: driverProfile,
      summary: "One driver's profile: every field (the bank account only by its last four), tags, vehicles.",
    }),
    GetDriverTypeList: lookup(named.extend({ defaultPaymentModelId: z.number().nullable() }), {
      subject: 'Lookup',
      summary: 'Active driver types.',
    }),
    GetDriverStatusList: lookup(codeRow, {
      subject: 'Lookup',
      summary: 'Driver availability: 1 available, 2 busy, 3 offline, 4 on break.',
    }),
    GetDefaultPaymentModelList: lookup(named.extend({ description: z.string().nullable() }), {
      subject: 'Lookup',
      summary: 'Active driver payment models.',
    }),
    GetDriverPassword: mutation({
      verb: 'update',
      input: byId(),
      output: driverPasswordAnswer,
      summary:
        "Sets a new random app password for a driver (opening the account from the driver's e-mail if there is none), signs the driver's sessions out and answers the password once.",
    }),
    GetDriverTagList: lookup(named.extend({ colour: z.string() }), {
      subject: 'Lookup',
      summary: 'Active driver tags.',
    }),
    GetDriverStatistics: driverStatistics.statistics,
    GetTableSummaryDriverDocument: list({
      input: driverDocumentListInput,
      row: driverDocumentRow,
      summary: "A driver's documents with their expiry state (missing mandatory types are on the profile).",
    }),
    GetDriverDocumentDetails: read({
      input: byId(),
      output: driverDocumentRow.extend({ driverId: z.number(), driverName: z.string() }),
      summary: 'One document of a driver by its id.',
    }),
    GetTopDriver: read({
      input: topInput,
      output: z.array(topRow),
      summary: 'The drivers with the most done bookings (then revenue) over a date range.',
    }),
    GetDriverBookingCount: driverStatistics.count,
    GetDriverWeekDays: driverStatistics.weekDays,
    GetDriverBookingTrends: driverStatistics.trends,
    GetDriverList: lookup(driverLookupRow, { summary: 'Active drivers, by name.' }),
    GetDriverListWithSearch: lookup(driverSearchRow, {
      filters: { availability: wholeNumber({ min: 0, max: 4 }).optional() },
      summary: 'Active drivers; q searches name and callsign, availability filters (0 for any).',
    }),
  },
);
