import type { CallInput, CallOutput } from '@cabdesk/contract';

export type Client = CallOutput<'Client/GetTableSummary'>;
type ClientInput = CallInput<'Client/Create'>;

/** What the client form holds: empty boxes are '' and cleared selects null, as people leave them. */
export type ClientFormValues = {
  name: string;
  accountNo: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  vatNumber: string;
  clientTypeId: number | null;
  parentClientId: number | null;
  invoicePeriod: string;
  invoiceSplit: string;
  invoiceGroup: string;
  taxId: number | null;
  paymentMethod: string;
  currency: string | null;
  pricingModelId: number | null;
  pricingMode: string | null;
  graceWaitingMinutes: string;
  priority: string;
  representativeStaffId: number | null;
  creditLimitMinor: number | null;
  notifications: { sms: string[]; email: string[]; phoneCall: string[] };
  notes: string;
  isActive: boolean;
  tagIds: number[];
};

export type MessageChannel = keyof ClientFormValues['notifications'];

/** A new client; a child account starts under its parent and is invoiced through it. */
export function emptyClient(parentClientId: number | null = null): ClientFormValues {
  return {
    name: '',
    accountNo: '',
    contactName: '',
    email: '',
    phone: '',
    address: '',
    postcode: '',
    vatNumber: '',
    clientTypeId: null,
    parentClientId,
    invoicePeriod: 'monthly',
    invoiceSplit: 'single',
    invoiceGroup: parentClientId ? 'parent' : 'own',
    taxId: null,
    paymentMethod: 'account',
    currency: null,
    pricingModelId: null,
    pricingMode: null,
    graceWaitingMinutes: '10',
    priority: '2',
    representativeStaffId: null,
    creditLimitMinor: null,
    notifications: { sms: [], email: [], phoneCall: [] },
    notes: '',
    isActive: true,
    tagIds: [],
  };
}

/** The form of an existing client, every field filled from its row. */
export function valuesOf(client: Client): ClientFormValues {
  return {
    name: client.name,
    accountNo: client.accountNo ?? '',
    contactName: client.contactName ?? '',
    email: client.email ?? '',
    phone: client.phone ?? '',
    address: client.address ?? '',
    postcode: client.postcode ?? '',
    vatNumber: client.vatNumber ?? '',
    clientTypeId: client.clientTypeId,
    parentClientId: client.parentClientId,
    invoicePeriod: client.invoicePeriod,
    invoiceSplit: client.invoiceSplit,
    invoiceGroup: client.invoiceGroup,
    taxId: client.taxId,
    paymentMethod: client.paymentMethod,
    currency: client.currency,
    pricingModelId: client.pricingModelId,
    pricingMode: client.pricingMode,
    graceWaitingMinutes: String(client.graceWaitingMinutes),
    priority: String(client.priority),
    representativeStaffId: client.representativeStaffId,
    creditLimitMinor: client.creditLimitMinor,
    notifications: {
      sms: [...client.notifications.sms],
      email: [...client.notifications.email],
      phoneCall: [...client.notifications.phoneCall],
    },
    notes: client.notes ?? '',
    isActive: client.isActive,
    tagIds: client.tags.map((tag) => tag.id),
  };
}

/** The call's input: the contract takes the form's values as they are (blank is "none"). */
export function toInput(values: ClientFormValues): ClientInput {
  return values as unknown as ClientInput;
}

/** Switches one booking event on or off for a channel, keeping the others. */
export function toggleEvent(
  notifications: ClientFormValues['notifications'],
  channel: MessageChannel,
  code: string,
  on: boolean,
): ClientFormValues['notifications'] {
  const current = notifications[channel].filter((c) => c !== code);
  return { ...notifications, [channel]: on ? [...current, code] : current };
}
