import { handlers } from '../../platform/http/context';

export const notificationsHandlers = handlers({});
