import { handlers } from '../../platform/http/context';

export const vehiclesHandlers = handlers({});
