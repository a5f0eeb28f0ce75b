import type { CallInput, CallOutput } from '@cabdesk/contract';

export type Passenger = CallOutput<'Passenger/GetTableSummary'>;

/** What the passenger form holds: empty boxes are '' and a cleared client is null, as people leave them. */
export type PassengerFormValues = {
  title: string;
  firstName: string;
  surname: string;
  email: string;
  phone: string;
  mobile: string;
  isVip: boolean;
  clientId: number | null;
  notes: string;
  isActive: boolean;
  tagIds: number[];
};

export const titles = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof', 'Sir', 'Lady'];

export function emptyPassenger(): PassengerFormValues {
  return {
    title: '',
    firstName: '',
    surname: '',
    email: '',
    phone: '',
    mobile: '',
    isVip: false,
    clientId: null,
    notes: '',
    isActive: true,
    tagIds: [],
  };
}

/** The form of an existing passenger. Notes have their own tab, so the edit form leaves them alone. */
export function valuesOf(p: Passenger): PassengerFormValues {
  return {
    title: p.title ?? '',
    firstName: p.firstName,
    surname: p.surname,
    email: p.email ?? '',
    phone: p.phone ?? '',
    mobile: p.mobile ?? '',
    isVip: p.isVip,
    clientId: p.clientId,
    notes: '',
    isActive: p.isActive,
    tagIds: p.tags.map((tag) => tag.id),
  };
}

/** The create call's input: the API takes 0 for "no client". */
export function toCreateInput(v: PassengerFormValues): CallInput<'Passenger/Create'> {
  return { ...v, clientId: v.clientId ?? 0 };
}

/** An edit sends every field of the form except the notes, which the notes tab owns. */
export function toUpdateInput(id: number, v: PassengerFormValues): CallInput<'Passenger/Update'> {
  const { notes: _notes, ...rest } = v;
  return { ...rest, id, clientId: v.clientId ?? 0 };
}
