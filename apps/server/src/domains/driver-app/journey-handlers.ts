import { handlers } from '../../platform/http/context';

export const driverJourneyHandlers = handlers({});
