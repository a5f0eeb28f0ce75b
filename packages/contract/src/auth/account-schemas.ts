import { z } from 'zod';
import { email, requiredText, text } from '../fields';
import { passwordRule } from './schemas';

/** A one-time link's secret as it arrives from the address (256 random bits, base64url). */
export const linkToken = z
  .string()
  .trim()
  .min(20, 'is not a link we sent')
  .max(200, 'is not a link we sent')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a link we sent');

const newPasswordPair = {
  newPassword: passwordRule,
  confirmPassword: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
};

const samePassword = {
  path: ['confirmPassword'],
  message: 'must match the new password',
};

export const passwordResetRequestInput = z.object({
  companyShortName: requiredText(40).describe('The company of the sign-in page the request came from'),
  email: email(),
});

export const passwordResetInput = z
  .object({ token: linkToken, ...newPasswordPair })
  .refine((v) => v.newPassword === v.confirmPassword, samePassword);

export const linkPurposes = ['password_reset', 'sign_up', 'setup'] as const;
export const linkStates = ['valid', 'expired', 'used', 'unknown'] as const;

export const linkCheckInput = z.object({
  token: linkToken,
  purpose: z.enum(linkPurposes, { error: 'must be password_reset, sign_up or setup' }),
});

/** What a page may know about the link it was opened with before it asks anything. */
export const linkCheck = z.object({
  state: z.enum(linkStates),
  companyShortName: z.string().nullable(),
  companyName: z.string().nullable(),
  /** A set-up link made for a named company and e-mail (create-admin): the form asks neither. */
  email: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

export const neutralAnswer = z.object({ email: z.string() });

export const emailConfirmInput = z.object({ token: linkToken });

export const emailConfirmed = z.object({ email: z.string(), companyShortName: z.string() });

export const setupInput = z
  .object({
    token: linkToken,
    companyShortName: text(40)
      .regex(/^[A-Za-z0-9]*$/, 'must be letters and digits only')
      .optional()
      .describe('For a link that names no company: the short name of the company to create'),
    companyName: text(120).optional().describe('For a link that names no company: its name'),
    fullName: requiredText(120),
    email: email().optional().describe('For a link that names no e-mail: the admin’s e-mail'),
    ...newPasswordPair,
  })
  .refine((v) => v.newPassword === v.confirmPassword, samePassword);

export const setupDone = z.object({ email: z.string(), companyShortName: z.string(), companyID: z.number() });

export const signUpSetting = z.object({
  passengerSignUp: z.boolean().describe('Passengers may create their own account on the passenger sign-in page'),
});
