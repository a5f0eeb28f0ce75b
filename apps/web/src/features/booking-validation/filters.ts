import type { CallInput } from '@cabdesk/contract';

export const tabs = ['toValidate', 'validated', 'invalid'] as const;
export type Tab = (typeof tabs)[number];

/** The page's state as the address keeps it, so leaving and coming back (or a link) opens the same view. */
export interface ValidationView {
  tab: Tab;
  fromDate: string;
  toDate: string;
  clientID: number | null;
  driverID: number | null;
  vehicletypeID: number | null;
  paymentMethodID: string | null;
  q: string;
  page: number;
  sortType: 'asc' | 'desc';
}

export const PAGE_SIZE = 50;

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Last week to today: the jobs an office usually validates. */
export function defaultPeriod(now = new Date()): { fromDate: string; toDate: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 7);
  return { fromDate: isoDay(from), toDate: isoDay(now) };
}

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const ref = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function readView(params: URLSearchParams, now = new Date()): ValidationView {
  const period = defaultPeriod(now);
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    tab: tabs.includes(tab as Tab) ? (tab as Tab) : 'toValidate',
    fromDate: params.has('from') ? (day(params.get('from')) ?? '') : period.fromDate,
    toDate: params.has('to') ? (day(params.get('to')) ?? '') : period.toDate,
    clientID: ref(params.get('client')),
    driverID: ref(params.get('driver')),
    vehicletypeID: ref(params.get('vehicleType')),
    paymentMethodID: params.get('payment') || null,
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
    sortType: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The address of a view: only what differs from the defaults (the period is always written once changed). */
export function writeView(view: ValidationView, now = new Date()): URLSearchParams {
  const period = defaultPeriod(now);
  const out = new URLSearchParams();
  if (view.tab !== 'toValidate') out.set('tab', view.tab);
  if (view.fromDate !== period.fromDate) out.set('from', view.fromDate);
  if (view.toDate !== period.toDate) out.set('to', view.toDate);
  if (view.clientID) out.set('client', String(view.clientID));
  if (view.driverID) out.set('driver', String(view.driverID));
  if (view.vehicletypeID) out.set('vehicleType', String(view.vehicletypeID));
  if (view.paymentMethodID) out.set('payment', view.paymentMethodID);
  if (view.q) out.set('q', view.q);
  if (view.page) out.set('page', String(view.page));
  if (view.sortType === 'desc') out.set('order', 'desc');
  return out;
}

/** What the list call is sent for a view. */
export function listInput(view: ValidationView): CallInput<'BookingValidation/GetBookingValidataion'> {
  return {
    tab: view.tab,
    page: view.page,
    perPage: PAGE_SIZE,
    sortColumn: 'pickupAt',
    sortType: view.sortType,
    ...(view.fromDate ? { fromDate: view.fromDate } : {}),
    ...(view.toDate ? { toDate: view.toDate } : {}),
    ...(view.clientID ? { clientID: view.clientID } : {}),
    ...(view.driverID ? { driverID: view.driverID } : {}),
    ...(view.vehicletypeID ? { vehicletypeID: view.vehicletypeID } : {}),
    ...(view.paymentMethodID
      ? {
          paymentMethodID:
            view.paymentMethodID as CallInput<'BookingValidation/GetBookingValidataion'>['paymentMethodID'],
        }
      : {}),
    ...(view.q ? { q: view.q } : {}),
  };
}

/** The keys of the page; a key pressed in a field types into the field instead. */
export type KeyAction = 'next' | 'previous' | 'validate' | 'invalid' | 'recalculate' | 'accept';

export function keyAction(key: string): KeyAction | null {
  switch (key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'K':
    case 'ArrowUp':
      return 'previous';
    case 'v':
    case 'V':
      return 'validate';
    case 'i':
    case 'I':
      return 'invalid';
    case 'r':
    case 'R':
      return 'recalculate';
    case 'Enter':
      return 'accept';
    default:
      return null;
  }
}

/** Typing in a field, a list box or an open dialog is not a shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"], [role="listbox"], [role="combobox"]'));
}

/** The scroll position of the list is kept per view for the session. */
export const scrollKey = (search: string) => `booking-validation.scroll.${search}`;
