import type { CallInput, CallOutput } from '@cabdesk/contract';

export interface BookerValues {
  name: string;
  email: string;
  phone: string;
  clientId: number | null;
  isActive: boolean;
}

type Booker = CallOutput<'Booking/GetTableSummaryBooker'>;

export const emptyBooker: BookerValues = { name: '', email: '', phone: '', clientId: null, isActive: true };

export const valuesOf = (b: Booker): BookerValues => ({
  name: b.name,
  email: b.email ?? '',
  phone: b.phone ?? '',
  clientId: b.clientId,
  isActive: b.isActive,
});

export const toCreateInput = (v: BookerValues): CallInput<'Booking/AddBooker'> => ({ ...v, clientId: v.clientId ?? 0 });

export const toUpdateInput = (id: number, v: BookerValues): CallInput<'Booking/UpdateBooker'> => ({ id, ...v });
