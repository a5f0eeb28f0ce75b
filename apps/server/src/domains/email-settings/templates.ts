import { and, eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { emailTemplates } from './schema';

type Kind = schemas.TemplateKind;

const isTemplateKind = (event: string): event is Kind => (schemas.templateKinds as readonly string[]).includes(event);

export async function companyTemplates(db: Db, companyId: number) {
  return db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
}

/** Every kind as the company sends it: its own text, else the product's default. */
export async function templatesView(db: Db, companyId: number): Promise<schemas.EmailTemplate[]> {
  const own = new Map((await companyTemplates(db, companyId)).map((t) => [t.kind, t]));
  return schemas.templateKinds.map((kind) => {
    const t = own.get(kind);
    const text = t ?? schemas.defaultTemplates[kind];
    return {
      kind,
      subject: text.subject,
      body: text.body,
      isDefault: !t,
      placeholders: [...schemas.templatePlaceholders[kind]],
    };
  });
}

/** A mail about to be queued, with the facts its kind's placeholders stand for. */
export interface TemplatedMail {
  event: string;
  subject?: string | null;
  body: string;
  facts?: Readonly<Record<string, string>>;
}

/**
 * Words each mail the company's way: a mail whose kind the company has rewritten, and whose facts
 * the caller gave, takes the company's subject and text; every other mail keeps the product's own.
 */
export async function applyCompanyTemplates<M extends TemplatedMail>(
  db: Db,
  companyId: number,
  mails: M[],
): Promise<M[]> {
  const kinds = [...new Set(mails.filter((m) => m.facts).map((m) => m.event))].filter(isTemplateKind);
  if (kinds.length === 0) return mails;
  const own = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.companyId, companyId)));
  const byKind = new Map(own.filter((t) => kinds.includes(t.kind)).map((t) => [t.kind, t]));
  return mails.map((m) => {
    const t = m.facts && isTemplateKind(m.event) ? byKind.get(m.event) : undefined;
    if (!t || !m.facts) return m;
    return {
      ...m,
      subject: schemas.renderTemplate(t.subject, m.facts),
      body: schemas.renderTemplate(t.body, m.facts),
    };
  });
}
