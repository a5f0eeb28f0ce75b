import { handlers } from '../../platform/http/context';
import { imageOf, replaceImage } from '../../platform/files/images';
import { topOf } from '../statistics/booking-stats';
import { ownerStatisticsHandlers } from '../statistics/owner-handlers';
import { conflictsOf } from './availability';
import { passengerBookingHistory } from './history';
import {
  clientPassengers,
  contactList,
  passengerClient,
  passengerLookup,
  searchedPassengers,
  surnames,
} from './lookups';
import { listPassengers, passengerName, storedPassenger } from './rows';
import { passengers } from './schema';
import { createPassenger, deletePassenger, updatePassenger } from './writes';

const photo = (id: number) => ({ table: passengers, field: 'photoKey' as const, id, noun: 'Passenger' });

export const passengersHandlers = handlers({
  'Passenger/GetTableSummary': (input, ctx) => listPassengers(ctx, input),
  'Passenger/Create': (input, ctx) => createPassenger(ctx, input),
  'Passenger/Update': (input, ctx) => updatePassenger(ctx, input),
  'Passenger/Delete': (input, ctx) => deletePassenger(ctx, input.id),

  'Passenger/GetValidNewPassenger': async (input, ctx) => {
    const conflicts = await conflictsOf(ctx, input, null);
    return { isValid: conflicts.length === 0, conflicts };
  },
  'Passenger/GetValidNewPassengerEdit': async (input, ctx) => {
    await storedPassenger(ctx, input.id);
    const conflicts = await conflictsOf(ctx, input, input.id);
    return { isValid: conflicts.length === 0, conflicts };
  },

  ...ownerStatisticsHandlers('passenger', storedPassenger, {
    statistics: 'Passenger/GetPassengerStatistics',
    count: 'Passenger/GetPassengerBookingCount',
    weekDays: 'Passenger/GetPassengerWeekDays',
    trends: 'Passenger/GetPassengerBookingTrends',
  }),
  'Passenger/GetTopPassenger': (input, ctx) =>
    topOf(ctx, 'passenger', { table: passengers, name: passengerName }, input, input.limit),

  'Passenger/GetPassengerBookingHistory': (input, ctx) => passengerBookingHistory(ctx, input),
  'Passenger/GetPassengerNote': async (input, ctx) => {
    const passenger = await storedPassenger(ctx, input.id);
    return { id: passenger.id, notes: passenger.notes };
  },
  'Passenger/GetClientPassengerList': (input, ctx) => clientPassengers(ctx, input),

  'Common/GetPassengerList': (input, ctx) => passengerLookup(ctx, input),
  'Common/GetPassengerListWithSearch': (input, ctx) => passengerLookup(ctx, input),
  'Common/GetSearchedPassenger': (input, ctx) => searchedPassengers(ctx, input),
  'Common/GetPassengerClientID': (input, ctx) => passengerClient(ctx, input.id),
  'Common/GetPassengerSurNameList': (input, ctx) => surnames(ctx, input),
  'Common/GetDriverPassengercontactList': (input, ctx) => contactList(ctx, input),

  'Common/GetPassengerImage': (input, ctx) => imageOf(ctx, photo(input.id)),
  'Common/UploadImagePassenger': async (input, ctx) => ({
    data: await replaceImage(ctx, { ...photo(input.id), folder: 'passengers' }, input.file),
    message: 'Photo saved.',
  }),
});
