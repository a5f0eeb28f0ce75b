import { handlers } from '../../platform/http/context';

export const trackingHandlers = handlers({});
