import { handlers } from '../../platform/http/context';

export const lostFoundHandlers = handlers({});
