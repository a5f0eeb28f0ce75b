import { area, planned } from '../define';

export const dashboardCalendar = area(
  'Dashboard',
  { subject: 'Calendar' },
  {
    GetDriverList: planned(),
    AddEvent: planned(),
    GetDriverEventsList: planned(),
    UpdateEvent: planned(),
    DeleteEvent: planned(),
  },
);
