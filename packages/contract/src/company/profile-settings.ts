import { z } from 'zod';
import { updatePasswordInput } from '../auth/schemas';
import { imageUpload, listInput, requiredText, wholeNumber } from '../fields';

/** The signed-in user's own profile; the id is always the token's user. */
export const profileSettings = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  userType: z.string().describe('Admin, Staff, Driver, Passenger or Client'),
  staffRoleID: z.number(),
  staffRoleName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  passwordChangingDate: z.string().nullable(),
});

/** Lists here are about oneself: an id or userID of somebody else is refused, 0 means "me". */
export const profileListInput = listInput({});

/**
 * ProfileSettings/Create and Update: the name, the picture and, when `password` is sent, the
 * password under ProfileSettings/UpdatePassword's own rules (the current one is required).
 */
export const profileSettingsInput = z.object({
  id: wholeNumber({ min: 0 }).optional().describe('the signed-in user, or left out; anyone else is refused'),
  userID: wholeNumber({ min: 0 }).optional(),
  fullName: requiredText(160).optional(),
  profileImage: imageUpload().optional(),
  password: updatePasswordInput.optional(),
});

export const savedProfile = profileSettings.extend({
  accessToken: z.string().nullable().describe('a new token pair when the password changed; null otherwise'),
  refreshToken: z.string().nullable(),
});

/** ProfileSettings/GetUsers: the staff role types of the company, the caller's own marked. */
export const staffRoleType = z.object({ id: z.number(), name: z.string(), isOwn: z.boolean() });

export type ProfileSettings = z.output<typeof profileSettings>;
