import type { Handlers } from '../platform/http/context';
import { authHandlers } from './auth/handlers';
import { companyHandlers } from './company/handlers';
import { referenceDataHandlers } from './reference-data/handlers';
import { staffHandlers } from './staff/handlers';

/** Every built call's handler; the type makes a built call without a handler a compile error. */
export const allHandlers: Handlers = {
  ...authHandlers,
  ...companyHandlers,
  ...staffHandlers,
  ...referenceDataHandlers,
};
