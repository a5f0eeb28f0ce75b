import { deletedRow, lookup } from '../crud';
import { area, list, mutation } from '../define';
import { byId } from '../fields';
import {
  calendarDriverFilters,
  calendarDriverRow,
  driverEventFields,
  driverEventListInput,
  driverEventRow,
  driverEventUpdateFields,
} from './schemas';

const unnamedArea = 'the spec lists the dashboard calendar calls without naming their area';

export const dashboardCalendar = area(
  'Dashboard',
  { subject: 'Calendar' },
  {
    GetDriverList: {
      ...lookup(calendarDriverRow, {
        filters: calendarDriverFilters,
        summary: 'Active drivers with how many events they have in the range.',
      }),
      addedBecause: unnamedArea,
    },
    AddEvent: mutation({
      verb: 'create',
      input: driverEventFields,
      output: driverEventRow,
      addedBecause: unnamedArea,
      summary: "Adds an event (leave, training, a vehicle off the road…) to a driver's calendar.",
    }),
    GetDriverEventsList: list({
      input: driverEventListInput,
      row: driverEventRow,
      addedBecause: unnamedArea,
      summary: 'Events overlapping a range of company days, of one driver or all, by start (unpaged by default).',
    }),
    UpdateEvent: mutation({
      verb: 'update',
      input: driverEventUpdateFields,
      output: driverEventRow,
      addedBecause: unnamedArea,
      summary: 'Changes an event (every field is sent).',
    }),
    DeleteEvent: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      addedBecause: unnamedArea,
      summary: 'Deletes an event.',
    }),
  },
);
