import { z } from 'zod';
import { codeRow, deletedRow, lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, id, imageUpload, noInput, wholeNumber } from '../fields';
import { entityStatsInput } from '../statistics/schemas';
import {
  assignInput,
  ownAbility,
  permissionListInput,
  permissionRoleLookupRow,
  permissionRoleRow,
} from './permission-schemas';
import {
  createNewUserInput,
  createUserInput,
  personImageRow,
  savedPersonImage,
  staffCreateInput,
  staffImageUpload,
  staffListInput,
  staffLookupRow,
  staffRoleRow,
  staffRow,
  staffStatistics,
  staffUpdateInput,
  userListInput,
  userLookupRow,
  userRow,
} from './schemas';

export const commonStaff = area(
  'Common',
  { subject: 'Staff' },
  {
    GetStaffList: lookup(staffLookupRow, { summary: 'Active staff members, for dropdowns.' }),
    GetStaffImage: read({
      input: byId(),
      output: personImageRow,
      summary: "A staff member's photo (null when there is none).",
    }),
    UploadImageStaff: mutation({
      verb: 'update',
      input: staffImageUpload,
      output: savedPersonImage,
      upload: 'file',
      summary: "Replaces a staff member's photo (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
    GetStaffRoleTypeList: lookup(staffRoleRow, { summary: "The company's staff roles (as Staff/GetStaffRoleList)." }),
  },
);

export const commonProfile = area(
  'Common',
  { subject: 'Profile' },
  {
    GetProfileImage: read({
      input: noInput(),
      output: personImageRow,
      summary: "The signed-in user's own picture (null when there is none).",
    }),
    GetProfileImages: read({
      input: z.object({
        ids: z
          .array(id(), { error: 'must be a list of user ids' })
          .max(100, 'may hold at most 100 ids')
          .transform((ids) => [...new Set(ids)]),
      }),
      output: z.array(personImageRow),
      summary: 'Pictures of several users of the company (chat lists); ids of no user of the company are left out.',
    }),
    UploadImageProfile: mutation({
      verb: 'update',
      input: z.object({ file: imageUpload() }),
      output: savedPersonImage,
      upload: 'file',
      summary: "Replaces the signed-in user's own picture (PNG, JPEG, WebP or GIF up to 5 MB).",
    }),
  },
);

export const commonUser = area(
  'Common',
  { subject: 'User' },
  {
    GetUserTypeList: lookup(codeRow, { summary: 'Kinds of account: Admin, Staff, Driver, Passenger, Client.' }),
  },
);

export const userUser = area(
  'User',
  { subject: 'User' },
  {
    CreateUser: mutation({
      verb: 'create',
      input: createUserInput,
      output: userRow,
      summary:
        'Gives a driver, passenger or staff member of the company a sign-in account; one who has an account answers 409.',
    }),
    DeleteUser: mutation({
      verb: 'delete',
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
    Create: mutation({
      verb: 'create',
      input: staffCreateInput,
      output: staffRow,
      summary: 'Adds a staff member; with accountEmail and accountPassword also their sign-in account.',
    }),
    Update: mutation({
      verb: 'update',
      input: staffUpdateInput,
      output: staffRow,
      summary:
        'Changes a staff member: only the fields sent change ("" or null clears an optional field); their account\'s name, role and switch follow. You cannot switch off your own record (409).',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: 'Deletes a staff member and their account; your own record, or one with documents, answers 409.',
    }),
    GetTableSummary: list({
      input: staffListInput,
      row: staffRow,
      summary: 'Office staff, paged, sorted and searchable (name, e-mail, phone); `id` > 0 narrows it to one.',
    }),
    GetStaffStatistics: read({
      input: entityStatsInput,
      output: staffStatistics,
      summary: 'Bookings the staff member took (created) over a date range, with counts per period.',
    }),
    GetStaffRoleList: lookup(staffRoleRow, { summary: "The company's staff roles." }),
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
    CreateNewUser: mutation({
      verb: 'create',
      input: createNewUserInput,
      output: userRow,
      summary: 'Opens an office (Admin, Staff) or client-portal (Client) account; a used e-mail answers 409.',
    }),
    GetUserList: lookup(userLookupRow, { summary: 'Active accounts of the company, for dropdowns.' }),
    GetUserListForClientPortal: lookup(userLookupRow, {
      filters: { clientId: wholeNumber({ min: 1 }) },
      summary: 'The client-portal accounts of one client.',
    }),
  },
);

export const permissionsPermissions = area(
  'Permissions',
  { subject: 'Permissions' },
  {
    GetTableSummary: list({
      input: permissionListInput,
      row: permissionRoleRow,
      summary:
        "The company's staff roles with their level (none, read, manage) on every assignable subject; `q` searches the role name.",
    }),
    GetStaffRoleList: lookup(permissionRoleLookupRow, {
      summary: "The company's staff roles (id, name), for pickers.",
    }),
    Assign: mutation({
      verb: 'update',
      input: assignInput,
      output: permissionRoleRow,
      summary:
        "Adds a role (no `id`: `name` and `grants`) or replaces a role's grants (`id`, optionally a new `name`); a subject left out of `grants` is none. Nobody grants or takes away more than they hold themselves (403 naming the subject), and the company always keeps someone who may manage permissions (409).",
    }),
    GetOwnAbility: read({
      input: noInput(),
      output: ownAbility,
      subject: 'Profile',
      addedBecause:
        "A role's grants change while its users are signed in; the web reloads the signed-in user's rules from here when told live, instead of waiting for the next sign-in.",
      summary: "The signed-in user's permission rules as they are now (the `ability` of the sign-in answer).",
    }),
  },
);
