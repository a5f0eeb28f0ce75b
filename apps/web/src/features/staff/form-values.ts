import type { CallInput, CallOutput } from '@cabdesk/contract';

export type StaffMember = CallOutput<'Staff/GetTableSummary'>;

/** What the staff form holds: text as typed, dates as YYYY-MM-DD or null, the role or null. */
export type StaffFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  dateOfBirth: string | null;
  startDate: string | null;
  staffRoleId: number | null;
  notes: string;
  isActive: boolean;
  accountEmail: string;
  accountPassword: string;
};

export function toFormValues(s: StaffMember | null): StaffFormValues {
  return {
    firstName: s?.firstName ?? '',
    lastName: s?.lastName ?? '',
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    address: s?.address ?? '',
    postcode: s?.postcode ?? '',
    dateOfBirth: s?.dateOfBirth ?? null,
    startDate: s?.startDate ?? (s ? null : new Date().toISOString().slice(0, 10)),
    staffRoleId: s?.staffRoleId ?? null,
    notes: s?.notes ?? '',
    isActive: s?.isActive ?? true,
    accountEmail: '',
    accountPassword: '',
  };
}

function fields(v: StaffFormValues): Omit<CallInput<'Staff/Create'>, 'accountEmail' | 'accountPassword'> {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    address: v.address,
    postcode: v.postcode,
    dateOfBirth: v.dateOfBirth ?? '',
    startDate: v.startDate ?? '',
    // A missing role stays missing so that the form says it is required.
    staffRoleId: v.staffRoleId ?? (undefined as unknown as number),
    notes: v.notes,
    isActive: v.isActive,
  };
}

/** A new staff member; the account fields go only when something was typed into them. */
export function toCreateInput(v: StaffFormValues): CallInput<'Staff/Create'> {
  const account = v.accountEmail.trim() || v.accountPassword;
  return account ? { ...fields(v), accountEmail: v.accountEmail, accountPassword: v.accountPassword } : fields(v);
}

/** Every field of the form; an empty role is sent as '' so that the server says it is required. */
export const toUpdateInput = (id: number, v: StaffFormValues): CallInput<'Staff/Update'> => ({
  id,
  ...fields(v),
  staffRoleId: v.staffRoleId ?? '',
});
