import { handlers } from '../../platform/http/context';

export const dashboardHandlers = handlers({});
