import { z } from 'zod';
import { area, list, mutation, planned } from '../define';
import { byId } from '../fields';
import { userListInput, userRow } from './schemas';

export const commonStaff = area(
  'Common',
  { subject: 'Staff' },
  {
    GetStaffList: planned(),
    GetStaffImage: planned(),
    UploadImageStaff: planned(),
    GetStaffRoleTypeList: planned(),
  },
);

export const commonProfile = area(
  'Common',
  { subject: 'Profile' },
  {
    GetProfileImage: planned(),
    GetProfileImages: planned(),
    UploadImageProfile: planned(),
  },
);

export const commonUser = area(
  'Common',
  { subject: 'User' },
  {
    GetUserTypeList: planned(),
  },
);

export const userUser = area(
  'User',
  { subject: 'User' },
  {
    CreateUser: planned(),
    DeleteUser: mutation({
      input: byId(),
      output: z.object({ id: z.number() }),
      summary: 'Deletes a sign-in account of the company (never your own); its person record stays.',
    }),
  },
);

export const staffStaff = area(
  'Staff',
  { subject: 'Staff' },
  {
    Create: planned(),
    Update: planned(),
    Delete: planned(),
    GetTableSummary: planned(),
    GetStaffStatistics: planned(),
    GetStaffRoleList: planned(),
  },
);

export const usersUser = area(
  'Users',
  { subject: 'User' },
  {
    GetTableSummary: list({
      input: userListInput,
      row: userRow,
      summary: "The company's sign-in accounts, searchable by name and e-mail.",
    }),
    CreateNewUser: planned(),
    GetUserList: planned(),
    GetUserListForClientPortal: planned(),
  },
);

export const permissionsPermissions = area(
  'Permissions',
  { subject: 'Permissions' },
  {
    GetTableSummary: planned(),
    GetStaffRoleList: planned(),
    Assign: planned(),
  },
);
