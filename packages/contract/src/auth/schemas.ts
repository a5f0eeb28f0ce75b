import { z } from 'zod';
import { email, flag, phone, requiredText, text, trueFalse, wholeNumber } from '../fields';
import { subjects } from '../permissions';

export const abilityRule = z.object({
  action: z.enum(['manage', 'read', 'create', 'update', 'delete']),
  subject: z.enum([...subjects, 'all']),
});

export const roleName = z.enum(['Admin', 'Staff', 'Driver', 'Passenger', 'Client']);

/** A company's date format: the order of day, month and year and their separator. */
export const dateFormats = ['d-m-Y', 'd/m/Y', 'd.m.Y', 'm/d/Y', 'Y-m-d'] as const;
export const dateFormat = z.enum(dateFormats);

/** `userData` of the session: who is signed in and what they may do. */
export const userData = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  role: roleName,
  companyID: z.number(),
  staffRoleID: z.number(),
  staffRoleName: z.string().nullable(),
  ability: z.array(abilityRule),
  /** How the company shows money, time and dates: every screen of the session follows it. */
  company: z.object({
    name: z.string(),
    currency: z.string(),
    timezone: z.string(),
    dateFormat: dateFormat,
  }),
});

/** The session keys of spec 000 §3, plus the token pair and userData. */
export const session = z.object({
  token: z.string().describe('The access token (same as accessToken), for clients that read `token`'),
  accessToken: z.string(),
  refreshToken: z.string(),
  companyIdentifier: z.string().describe('The company short name, e.g. UKCB'),
  parentEntryUserID: z
    .number()
    .describe('User id of the account this user sits under (client users of a child client); 0 otherwise'),
  fullName: z.string(),
  staffRoleID: z.number().describe('Staff role id; 0 for Admin, drivers, passengers and client users'),
  userID: z.number(),
  companyID: z.number(),
  isParent: z.boolean().describe('true for a user of a parent client'),
  parentCLientID: z.number().describe('The parent client id of a client user; 0 otherwise'),
  uniqueTypeID: z
    .number()
    .describe('Id of the person behind the account: driver, passenger, client or staff id; 0 for Admin'),
  userIDDecode: z.number().describe('The user id as a plain number'),
  vatPercentage: z.number(),
  isCompanyVatRegistered: z.boolean(),
  passwordChangingDate: z.string().nullable().describe('When the password last changed (UTC, ISO 8601)'),
  userData,
});

export const signInInput = z.object({
  email: email(),
  password: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  isRememberMe: flag().optional().default(false),
  systemID: z
    .union([wholeNumber({ min: 0 }), z.literal('')], { error: 'must be a company id' })
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null))
    .describe('The company the sign-in page was branded for; optional'),
  isDriverinWebView: trueFalse().optional().default(false),
  deviceToken: text(500).optional().describe('Push token of the operator mobile web view, when present'),
});

export const refreshInput = z.object({
  refreshToken: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  idempotencyKey: z
    .string()
    .min(16, 'must be at least 16 characters')
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe(
      'Made by the client for one refresh and sent again with the same token when its answer was lost (the page was reloaded): the same token and key answer the same new refresh token while nobody has used it',
    ),
});

export const tokenPair = z.object({
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});

export const registerInput = z.object({
  companyShortName: requiredText(40),
  firstName: requiredText(80),
  surname: requiredText(80),
  email: email(),
  phone: phone(),
  password: z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters'),
});

export const logoutInput = z.object({
  refreshToken: z.string().max(200).optional(),
});

export const deviceTokenInput = z.object({
  userID: wholeNumber({ min: 0 }).optional(),
  deviceToken: text(500).optional(),
});

export const passwordRule = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters');

export const updatePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(200),
    newPassword: passwordRule,
    confirmPassword: z.string().min(1, 'is required').max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'must match the new password',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'must differ from the current password',
  });
