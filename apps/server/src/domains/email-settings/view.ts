import type { schemas } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import type { Services } from '../../platform/services';
import { openOrNull } from '../payments/configuration-view';
import { secretHint } from '../provider-settings/view';
import type { emailSettings } from './schema';
import { templatesView } from './templates';

type Row = typeof emailSettings.$inferSelect;

/** The settings as calls answer them: whether a password is saved and its hint, never the password. */
export async function settingsView(
  services: Services,
  db: Db,
  companyId: number,
  row: Row | undefined,
): Promise<schemas.EmailSettings> {
  const password = row?.passwordSealed ? openOrNull(services, row.passwordSealed) : null;
  return {
    id: row?.id ?? 0,
    source: row?.host ? 'company' : 'environment',
    host: row?.host ?? null,
    port: row?.port ?? null,
    secure: row?.secure ?? false,
    user: row?.user ?? null,
    hasPassword: password !== null,
    passwordHint: secretHint(password),
    fromName: row?.fromName ?? null,
    fromAddress: row?.fromAddress ?? null,
    copyUserIds: row?.copyUserIds ?? [],
    templates: await templatesView(db, companyId),
    lastCheck: row?.lastCheck ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
