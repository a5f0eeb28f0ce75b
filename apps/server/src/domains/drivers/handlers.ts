import { handlers } from '../../platform/http/context';

export const driversHandlers = handlers({});
