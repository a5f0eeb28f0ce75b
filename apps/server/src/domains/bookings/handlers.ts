import { handlers } from '../../platform/http/context';

export const bookingsHandlers = handlers({});
