import type { BuiltName, CallInput } from '@cabdesk/contract';

export const tabs = ['pending', 'approved', 'declined'] as const;
export type Tab = (typeof tabs)[number];

/** The list call of each tab. */
export const listCall = {
  pending: 'DriverBookingExpense/GetPendingBookExpenses',
  approved: 'DriverBookingExpense/GetApprovedBookExpenses',
  declined: 'DriverBookingExpense/GetDeclinedBookExpenses',
} as const satisfies Record<Tab, BuiltName>;

type ListInput = CallInput<'DriverBookingExpense/GetPendingBookExpenses'>;

/** The page's state as the address keeps it, so a link or coming back opens the same view. */
export interface ExpenseView {
  tab: Tab;
  fromDate: string;
  toDate: string;
  driverID: number | null;
  expenseTypeID: number | null;
  bookingID: number | null;
  q: string;
  page: number;
}

export const PAGE_SIZE = 25;

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
const ref = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function readView(params: URLSearchParams): ExpenseView {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    tab: tabs.includes(tab as Tab) ? (tab as Tab) : 'pending',
    fromDate: day(params.get('from')),
    toDate: day(params.get('to')),
    driverID: ref(params.get('driver')),
    expenseTypeID: ref(params.get('type')),
    bookingID: ref(params.get('booking')),
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function writeView(view: ExpenseView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.tab !== 'pending') out.set('tab', view.tab);
  if (view.fromDate) out.set('from', view.fromDate);
  if (view.toDate) out.set('to', view.toDate);
  if (view.driverID) out.set('driver', String(view.driverID));
  if (view.expenseTypeID) out.set('type', String(view.expenseTypeID));
  if (view.bookingID) out.set('booking', String(view.bookingID));
  if (view.q) out.set('q', view.q);
  if (view.page) out.set('page', String(view.page));
  return out;
}

/** The filters every tab shares (its count uses them too). */
export function filtersOf(view: ExpenseView): ListInput {
  return {
    ...(view.fromDate ? { fromDate: view.fromDate } : {}),
    ...(view.toDate ? { toDate: view.toDate } : {}),
    ...(view.driverID ? { driverID: view.driverID } : {}),
    ...(view.expenseTypeID ? { expenseTypeID: view.expenseTypeID } : {}),
    ...(view.bookingID ? { bookingID: view.bookingID } : {}),
    ...(view.q ? { q: view.q } : {}),
  };
}

export type KeyAction = 'next' | 'previous' | 'approve' | 'decline' | 'edit';

const keys: Record<string, KeyAction> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'approve',
  d: 'decline',
  e: 'edit',
};

export function keyAction(key: string): KeyAction | null {
  return keys[key] ?? keys[key.toLowerCase()] ?? null;
}

/** Typing in a field, a list box or an open dialog is not a shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"], [role="listbox"], [role="combobox"]'));
}

/** What may be done with an expense now: settled money (on a statement or an invoice) never changes. */
export function allowed(row: { status: Tab; isLocked: boolean }) {
  const open = !row.isLocked;
  return {
    approve: open && row.status !== 'approved',
    decline: open && row.status !== 'declined',
    edit: open,
    remove: open && row.status !== 'approved',
  };
}
