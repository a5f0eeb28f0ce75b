import { z } from 'zod';
import { email, flag, listInput, text, wholeNumber } from '../fields';
import { templateKinds, unknownPlaceholders, type TemplateKind } from './email-templates';

const hostName = text(253).regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, 'must be a host name or an IP address');

const templateKind = z.enum(templateKinds, { error: `must be one of: ${templateKinds.join(', ')}` });

/** A placeholder the kind does not know is named with the field, so a typo never reaches a customer. */
function knownPlaceholders(
  template: { kind: TemplateKind; subject: string | null; body: string | null },
  ctx: z.RefinementCtx,
) {
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(template.kind, template[field] ?? '');
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `names an unknown placeholder ${unknown.map((u) => `{${u}}`).join(', ')}`,
      });
    }
  }
}

/** A template as the screen sends it: null subject and body restore the product's default. */
export const emailTemplateInput = z
  .object({
    kind: templateKind,
    subject: text(300).min(1, 'is required').nullable(),
    body: text(10_000).min(1, 'is required').nullable(),
  })
  .superRefine(knownPlaceholders);

/**
 * The company's SMTP server and sender, and the templates it changes. Fields left out keep what is
 * saved; the password is write-only (empty keeps it, clearPassword removes it). An SMTP server that
 * refuses is not saved unless saveAnyway is true.
 */
export const emailSettingsInput = z.object({
  host: text(253)
    .nullish()
    .refine((v) => !v || hostName.safeParse(v).success, 'must be a host name or an IP address'),
  port: wholeNumber({ min: 1, max: 65535 }).optional(),
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  secure: flag().optional(),
  user: text(200).nullish(),
  password: text(500)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  clearPassword: flag().optional(),
  fromName: text(200).nullish(),
  fromAddress: email().nullish(),
  /** Office users who get a blind copy of every e-mail the company sends (EmailSettings/GetUsers). */
  copyUserIds: z
    .array(wholeNumber({ min: 1, max: 2_147_483_647 }))
    .max(20, 'must name at most 20 users')
    .optional(),
  templates: z.array(emailTemplateInput).max(20, 'must have at most 20 templates').optional(),
  saveAnyway: flag().optional(),
});
export type EmailSettingsInput = z.output<typeof emailSettingsInput>;

export const emailTemplate = z.object({
  kind: z.enum(templateKinds),
  subject: z.string(),
  body: z.string(),
  /** true: the product's own text (the company has not changed it). */
  isDefault: z.boolean(),
  placeholders: z.array(z.string()),
});
export type EmailTemplate = z.output<typeof emailTemplate>;

/** The company's e-mail settings as calls answer them: whether a password is saved, never the password. */
export const emailSettings = z.object({
  /** The saved row; 0 while nothing is saved (the server's SMTP_URL applies). */
  id: z.number(),
  /** company: its own SMTP server; environment: the server's (SMTP_URL), or held in the outbox when none. */
  source: z.enum(['company', 'environment']),
  host: z.string().nullable(),
  port: z.number().nullable(),
  secure: z.boolean(),
  user: z.string().nullable(),
  hasPassword: z.boolean(),
  passwordHint: z.string().nullable(),
  fromName: z.string().nullable(),
  fromAddress: z.string().nullable(),
  copyUserIds: z.array(z.number()),
  templates: z.array(emailTemplate),
  /** What the last check of the server said, when it refused and was saved anyway. */
  lastCheck: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EmailSettings = z.output<typeof emailSettings>;

export const emailSettingsListInput = listInput({});

export const emailUsersInput = listInput({});
export const emailUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  receivesCopies: z.boolean(),
});

/** The test mail: to an address, through the SMTP server sent (not saved) or else the saved one. */
export const testMailInput = z.object({
  to: email(),
  host: emailSettingsInput.shape.host,
  port: emailSettingsInput.shape.port,
  secure: emailSettingsInput.shape.secure,
  user: emailSettingsInput.shape.user,
  password: emailSettingsInput.shape.password,
  fromName: emailSettingsInput.shape.fromName,
  fromAddress: emailSettingsInput.shape.fromAddress,
});
export const testMailAnswer = z.object({
  to: z.string(),
  host: z.string(),
  port: z.number(),
  /** The SMTP server's own answer to the message. */
  serverAnswer: z.string(),
});

/** A template rendered with sample facts, as the mail would read. */
export const templatePreviewInput = z
  .object({ kind: templateKind, subject: text(300), body: text(10_000) })
  .superRefine(knownPlaceholders);
export const templatePreview = z.object({
  kind: z.enum(templateKinds),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type TestMailInput = z.output<typeof testMailInput>;
