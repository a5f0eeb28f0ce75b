import { sql } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { imageOf, replaceImage } from '../../platform/files/images';
import { recordAudit } from '../audit/record';
import { fixedLookup } from '../reference-data/lookups';
import { topOf } from '../statistics/booking-stats';
import { ownerStatisticsHandlers } from '../statistics/owner-handlers';
import { resetDriverPassword } from './app-account';
import { driverDocumentDetails, listDriverDocuments } from './documents';
import { listDrivers } from './list';
import {
  driverLookup,
  driverSearchLookup,
  driverTagLookup,
  driverTypeLookup,
  driverUserLookup,
  paymentModelLookup,
} from './lookups';
import { driverOf, driverProfile } from './profile';
import { drivers } from './schema';
import { createDriver, deleteDriver, updateDriver } from './write';

const photo = (id: number) => ({ table: drivers, field: 'photoKey' as const, id, noun: 'Driver' });

export const driversHandlers = handlers({
  'Driver/GetTableSummary': (input, ctx) => listDrivers(ctx, input),
  'Driver/GetTableSummaryDriver': (input, ctx) => driverProfile(ctx, input.id),
  'Driver/Create': (input, ctx) => createDriver(ctx, input),
  'Driver/Update': (input, ctx) => updateDriver(ctx, input),
  'Driver/Delete': (input, ctx) => deleteDriver(ctx, input.id),
  'Driver/GetDriverPassword': (input, ctx) => resetDriverPassword(ctx, input.id),

  'Driver/GetDriverTypeList': (input, ctx) => driverTypeLookup(ctx, input),
  'Driver/GetDriverStatusList': fixedLookup('driverStatus'),
  'Driver/GetDefaultPaymentModelList': (input, ctx) => paymentModelLookup(ctx, input),
  'Driver/GetDriverTagList': (input, ctx) => driverTagLookup(ctx, input),
  'Driver/GetDriverList': (input, ctx) => driverLookup(ctx, input),
  'Driver/GetDriverListWithSearch': (input, ctx) => driverSearchLookup(ctx, input),
  'Common/GetDriverUserList': (input, ctx) => driverUserLookup(ctx, input),

  ...ownerStatisticsHandlers('driver', driverOf, {
    statistics: 'Driver/GetDriverStatistics',
    count: 'Driver/GetDriverBookingCount',
    weekDays: 'Driver/GetDriverWeekDays',
    trends: 'Driver/GetDriverBookingTrends',
  }),
  'Driver/GetTopDriver': (input, ctx) =>
    topOf(
      ctx,
      'driver',
      { table: drivers, name: sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}` },
      input,
      input.limit,
    ),

  'Driver/GetTableSummaryDriverDocument': (input, ctx) => listDriverDocuments(ctx, input),
  'Driver/GetDriverDocumentDetails': (input, ctx) => driverDocumentDetails(ctx, input.id),

  'Common/GetDriverImage': (input, ctx) => imageOf(ctx, photo(input.id)),
  'Common/UploadImageDriver': async (input, ctx) => {
    const image = await replaceImage(ctx, { ...photo(input.id), folder: 'drivers' }, input.file);
    await recordAudit(ctx, { entityType: 'driver', entityId: input.id, action: 'photo_changed' });
    return { data: image, message: 'Photo saved.' };
  },
});
