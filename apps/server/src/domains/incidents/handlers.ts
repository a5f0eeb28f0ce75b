import { handlers } from '../../platform/http/context';

export const incidentsHandlers = handlers({});
