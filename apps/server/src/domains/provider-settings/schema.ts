import { check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schemas } from '@cabdesk/contract';
import { companyColumn, idColumn, inList, tenantKey } from '../../platform/db/columns';

/**
 * A company's own choice of an outside service (ProviderSettings/*), one row per kind; no row means
 * the server's environment applies. The secret (a gateway token, an API key) is sealed.
 */
export const providerSettings = pgTable(
  'provider_settings',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: text({ enum: schemas.providerKinds }).notNull(),
    provider: text().notNull(),
    url: text(),
    label: text(),
    secretSealed: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    tenantKey('provider_settings_company_id_key', t),
    unique('provider_settings_company_kind_key').on(t.companyId, t.kind),
    check('provider_settings_kind_check', inList(t.kind, schemas.providerKinds)),
  ],
);
