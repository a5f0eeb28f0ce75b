import { handlers } from '../../platform/http/context';

export const dispatchHandlers = handlers({});
