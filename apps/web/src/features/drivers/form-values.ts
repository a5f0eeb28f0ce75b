import type { CallInput, CallOutput } from '@cabdesk/contract';

export type DriverProfile = CallOutput<'Driver/GetTableSummaryDriver'>;

/** What the driver form holds: text as typed, references as ids or null. */
export type DriverFormValues = {
  firstName: string;
  lastName: string;
  callsign: string;
  email: string;
  phone: string;
  mobile: string;
  dateOfBirth: string | null;
  dateJoined: string | null;
  nationality: string | null;
  address: string;
  postcode: string;
  licenceNumber: string;
  driverTypeId: number | null;
  vendorId: number | null;
  defaultPaymentModelId: number | null;
  bankAccountName: string;
  bankSortCode: string;
  bankAccountNumber: string;
  notes: string;
  isActive: boolean;
  tagIds: number[];
  appEmail: string;
  appPassword: string;
};

const text = (v: string | null | undefined) => v ?? '';

/** The form's values for a driver, or for a new one. The bank account number is never known here. */
export function toFormValues(p: DriverProfile | null): DriverFormValues {
  return {
    firstName: text(p?.firstName),
    lastName: text(p?.lastName),
    callsign: text(p?.callsign),
    email: text(p?.email),
    phone: text(p?.phone),
    mobile: text(p?.mobile),
    dateOfBirth: p?.dateOfBirth ?? null,
    dateJoined: p?.dateJoined ?? (p ? null : new Date().toISOString().slice(0, 10)),
    nationality: p?.nationality ?? null,
    address: text(p?.address),
    postcode: text(p?.postcode),
    licenceNumber: text(p?.licenceNumber),
    driverTypeId: p?.driverTypeId ?? null,
    vendorId: p?.vendorId ?? null,
    defaultPaymentModelId: p?.defaultPaymentModelId ?? null,
    bankAccountName: text(p?.bankAccountName),
    bankSortCode: text(p?.bankSortCode),
    bankAccountNumber: '',
    notes: text(p?.notes),
    isActive: p?.isActive ?? true,
    tagIds: p?.tags.map((tag) => tag.id) ?? [],
    appEmail: '',
    appPassword: '',
  };
}

/** A new driver: the app account only when an e-mail for it was typed. */
export function toCreateInput(v: DriverFormValues): CallInput<'Driver/Create'> {
  const { appEmail, appPassword, ...fields } = v;
  return appEmail.trim() || appPassword ? { ...fields, appEmail, appPassword } : fields;
}

/**
 * An edit sends every field (empty ones clear) except the account number, which the form cannot
 * show: left empty, it stays as it is.
 */
export function toUpdateInput(id: number, v: DriverFormValues): CallInput<'Driver/Update'> {
  const { appEmail: _e, appPassword: _p, bankAccountNumber, ...fields } = v;
  return { id, ...fields, ...(bankAccountNumber.trim() ? { bankAccountNumber } : {}) };
}
