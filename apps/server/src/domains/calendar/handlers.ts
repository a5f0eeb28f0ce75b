import { handlers } from '../../platform/http/context';
import { addEvent, calendarDrivers, deleteEvent, listEvents, updateEvent } from './events';

export const calendarHandlers = handlers({
  'Dashboard/GetDriverList': (input, ctx) => calendarDrivers(ctx, input),
  'Dashboard/GetDriverEventsList': (input, ctx) => listEvents(ctx, input),
  'Dashboard/AddEvent': (input, ctx) => addEvent(ctx, input),
  'Dashboard/UpdateEvent': (input, ctx) => updateEvent(ctx, input),
  'Dashboard/DeleteEvent': (input, ctx) => deleteEvent(ctx, input),
});
