import { handlers } from '../../platform/http/context';

export const driverAccountHandlers = handlers({});
