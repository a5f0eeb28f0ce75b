import { handlers } from '../../platform/http/context';

export const chatHandlers = handlers({});
