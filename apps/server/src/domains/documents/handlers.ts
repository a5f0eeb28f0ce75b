import { handlers } from '../../platform/http/context';

export const documentsHandlers = handlers({});
