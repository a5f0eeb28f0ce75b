import { handlers } from '../../platform/http/context';

export const passengersHandlers = handlers({});
