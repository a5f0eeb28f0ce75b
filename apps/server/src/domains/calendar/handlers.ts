import { handlers } from '../../platform/http/context';

export const calendarHandlers = handlers({});
