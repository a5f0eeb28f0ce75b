import { handlers } from '../../platform/http/context';

export const driverListsHandlers = handlers({});
