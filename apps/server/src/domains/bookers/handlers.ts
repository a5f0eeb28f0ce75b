import { handlers } from '../../platform/http/context';

export const bookersHandlers = handlers({});
