import { z } from 'zod';
import { roleName } from '../auth/schemas';
import { flag, listInput, text } from '../fields';

export const userRow = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  userType: roleName,
  staffRoleID: z.number(),
  staffRoleName: z.string().nullable(),
  isActive: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});

export const userListInput = listInput({
  userType: roleName.optional(),
  isActive: flag().optional(),
  sortColumn: z
    .enum(['fullName', 'email', 'userType', 'lastSignInAt', 'createdAt'], {
      error: 'must be one of: fullName, email, userType, lastSignInAt, createdAt',
    })
    .optional(),
  q: text(200).optional().default(''),
});
