import { z } from 'zod';
import { clearable, flag, id, kept, listInput, money, requiredText, text, wholeNumber } from '../fields';
import { type FixedListName, codesOf, fixedLists } from '../reference-data/fixed-lists';

/** Optional text where an empty box means "none": stored as null. */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

const emailRule = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'must be a valid e-mail address');

const phoneRule = () =>
  z
    .string()
    .trim()
    .max(30, 'must be at most 30 characters')
    .refine((v) => v === '' || /^\+?[0-9 ()-]{6,}$/.test(v), 'must be a phone number (digits, spaces, +, -, brackets)');

const optionalEmail = () =>
  emailRule()
    .nullish()
    .transform((v) => (v ? v : null));

const optionalPhone = () =>
  phoneRule()
    .nullish()
    .transform((v) => (v ? v : null));

const referenceId = () => wholeNumber({ min: 0, max: 2_147_483_647 });

/** A reference where 0, null or nothing means "none" (old clients send 0, the web's cleared selects null). */
const optionalId = () =>
  referenceId()
    .nullish()
    .transform((v) => (v ? v : null));

/** A code of a fixed list, with the list's own default when left out. */
const code = <N extends FixedListName>(name: N) =>
  z.enum(codesOf(name), { error: `must be one of: ${codesOf(name).join(', ')}` });

/** A whole number that must be one of a fixed list's numeric codes (priority, free waiting minutes). */
const numericCode = (name: 'priority' | 'graceWaiting') => {
  const codes = fixedLists[name].map((e) => Number(e.code));
  return wholeNumber().refine((v) => codes.includes(v), `must be one of: ${codes.join(', ')}`);
};

const creditLimit = () => money().refine((v) => v >= 0, 'must not be negative');

const eventList = (name: 'clientMessage' | 'clientPhoneCall') =>
  z.array(code(name), { error: 'must be a list of event codes' }).transform((v) => [...new Set(v)]);

const events = (name: 'clientMessage' | 'clientPhoneCall') => eventList(name).optional().default([]);

/** Which booking events send a text message, an e-mail or a phone call to the client's passengers. */
export const clientNotifications = z.object({
  sms: events('clientMessage'),
  email: events('clientMessage'),
  phoneCall: events('clientPhoneCall'),
});

/** The fields of a client without the rules across fields (forms pick single fields from it). */
export const clientShape = z.object({
  name: requiredText(120),
  accountNo: optionalText(30),
  contactName: optionalText(120),
  email: optionalEmail(),
  phone: optionalPhone(),
  address: optionalText(300),
  postcode: optionalText(12),
  vatNumber: optionalText(30),
  clientTypeId: optionalId(),
  parentClientId: optionalId(),
  invoicePeriod: code('invoicePeriod').optional().default('monthly'),
  invoiceSplit: code('invoiceSplit').optional().default('single'),
  invoiceGroup: code('invoiceGroup').optional().default('own'),
  taxId: optionalId(),
  paymentMethod: code('paymentMethod').optional().default('account'),
  /** Left out: the company's currency. */
  currency: code('currency')
    .nullish()
    .transform((v) => v ?? null),
  pricingModelId: optionalId(),
  pricingMode: z
    .union([z.literal(''), code('pricingMode')], { error: `must be one of: ${codesOf('pricingMode').join(', ')}` })
    .nullish()
    .transform((v) => (v ? v : null)),
  graceWaitingMinutes: numericCode('graceWaiting').optional().default(10),
  priority: numericCode('priority').optional().default(2),
  representativeStaffId: optionalId(),
  creditLimitMinor: creditLimit()
    .nullish()
    .transform((v) => v ?? null),
  notifications: clientNotifications.optional().default({ sms: [], email: [], phoneCall: [] }),
  notes: optionalText(2000),
  isActive: flag().optional().default(true),
  tagIds: z
    .array(id(), { error: 'must be a list of tag ids' })
    .max(50, 'may hold at most 50 tags')
    .optional()
    .default([]),
});

/** The words of the invoicing rule, shared by the schemas (forms) and the server (updates). */
export const CLIENT_GROUP_RULE = 'can be "parent" only for a child account';

/** Rules across fields, the same for a new client and a child account (an update checks its result). */
function withRules<S extends z.ZodType<{ invoiceGroup: string; parentClientId: number | null }>>(schema: S) {
  return schema.refine((v) => v.invoiceGroup !== 'parent' || v.parentClientId !== null, {
    path: ['invoiceGroup'],
    message: CLIENT_GROUP_RULE,
  });
}

/** Client/Create: a top-level client, or a child when parentClientId is given. */
export const clientFields = withRules(clientShape);
/** Client/CreateChild: the same fields; the parent is required. */
export const childClientFields = withRules(clientShape.extend({ parentClientId: id() }));

/** Update, reference: 0 means "none" too, as old clients send it. */
const clearableId = () => clearable(referenceId()).transform((v) => (v === 0 ? null : v));

/**
 * Client/Update changes only the fields it is sent: a field left out stays as it is, '' or null
 * clears an optional one (currency: back to the company's), and a required one cannot be cleared.
 * In notifications, a channel left out stays as it is. The invoicing rule is checked on the result.
 */
export const clientUpdateFields = z.object({
  id: id(),
  name: requiredText(120).optional(),
  accountNo: clearable(text(30)),
  contactName: clearable(text(120)),
  email: clearable(emailRule()),
  phone: clearable(phoneRule()),
  address: clearable(text(300)),
  postcode: clearable(text(12)),
  vatNumber: clearable(text(30)),
  clientTypeId: clearableId(),
  parentClientId: clearableId(),
  invoicePeriod: kept(code('invoicePeriod')),
  invoiceSplit: kept(code('invoiceSplit')),
  invoiceGroup: kept(code('invoiceGroup')),
  taxId: clearableId(),
  paymentMethod: kept(code('paymentMethod')),
  currency: clearable(code('currency')),
  pricingModelId: clearableId(),
  pricingMode: clearable(code('pricingMode')),
  graceWaitingMinutes: kept(numericCode('graceWaiting')),
  priority: kept(numericCode('priority')),
  representativeStaffId: clearableId(),
  creditLimitMinor: clearable(creditLimit()),
  notifications: z
    .object({
      sms: eventList('clientMessage').optional(),
      email: eventList('clientMessage').optional(),
      phoneCall: eventList('clientPhoneCall').optional(),
    })
    .optional(),
  notes: clearable(text(2000)),
  isActive: flag().optional(),
  tagIds: z.array(id(), { error: 'must be a list of tag ids' }).max(50, 'may hold at most 50 tags').optional(),
});

export type ClientFields = z.output<typeof clientFields>;

const tagRef = z.object({ id: z.number(), name: z.string(), colour: z.string() });

/** A client with all its settings: the list row and the answer of every change. */
export const clientRow = z.object({
  id: z.number(),
  accountNo: z.string().nullable(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  clientTypeId: z.number().nullable(),
  clientTypeName: z.string().nullable(),
  parentClientId: z.number().nullable(),
  parentName: z.string().nullable(),
  childCount: z.number(),
  isActive: z.boolean(),
  invoicePeriod: z.string(),
  invoiceSplit: z.string(),
  invoiceGroup: z.string(),
  taxId: z.number().nullable(),
  taxName: z.string().nullable(),
  paymentMethod: z.string(),
  currency: z.string(),
  pricingModelId: z.number().nullable(),
  pricingModelName: z.string().nullable(),
  pricingMode: z.string().nullable(),
  graceWaitingMinutes: z.number(),
  priority: z.number(),
  representativeStaffId: z.number().nullable(),
  representativeName: z.string().nullable(),
  creditLimitMinor: z.number().nullable(),
  notifications: z.object({ sms: z.array(z.string()), email: z.array(z.string()), phoneCall: z.array(z.string()) }),
  notes: z.string().nullable(),
  tags: z.array(tagRef),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const clientSortColumns = ['name', 'accountNo', 'clientTypeName', 'createdAt'] as const;

export const clientListInput = listInput({
  clientTypeId: wholeNumber({ min: 1 }).optional(),
  /** 0: top-level clients only; an id: the child accounts of that client. */
  parentClientId: wholeNumber({ min: 0 }).optional(),
  isActive: flag().optional(),
  tagId: wholeNumber({ min: 1 }).optional(),
  /** One client by id (the profile page reads its client this way). */
  clientId: wholeNumber({ min: 1 }).optional(),
  sortColumn: z.enum(clientSortColumns, { error: `must be one of: ${clientSortColumns.join(', ')}` }).optional(),
});

/** The short row of client pickers (bookings, passengers, parent choice). */
export const clientLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  accountNo: z.string().nullable(),
  parentClientId: z.number().nullable(),
});

export const clientNote = z.object({ id: z.number(), notes: z.string().nullable() });

export const clientImage = z.object({ id: z.number(), imageUrl: z.string().nullable() });

export const representativeRow = z.object({ id: z.number(), name: z.string(), email: z.string().nullable() });
