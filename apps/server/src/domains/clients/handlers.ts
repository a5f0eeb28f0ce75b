import { handlers } from '../../platform/http/context';

export const clientsHandlers = handlers({});
