import type { Subject } from '@cabdesk/contract';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconForms,
  IconMail,
  IconRepeat,
  IconUserCheck,
  IconBook,
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconCar,
  IconChartBar,
  IconCash,
  IconCheckupList,
  IconCoins,
  IconCreditCard,
  IconDatabase,
  IconFileInvoice,
  IconFiles,
  IconGauge,
  IconId,
  IconLock,
  IconMap2,
  IconMessages,
  IconPackage,
  IconReceipt,
  IconReceiptRefund,
  IconRoute,
  IconSteeringWheel,
  IconTags,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  /** i18n key under nav. */
  label: string;
  path: string;
  icon: Icon;
  subject: Subject;
  /** Apps of one kind of user (the driver app, the passenger app) show only to that role. */
  onlyFor?: string;
  /** What the area will hold, shown on its page until it is built. */
  holds?: string[];
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Every area of the product, in menu order. Built areas have their own route; the rest show what is coming. */
export const navGroups: NavGroup[] = [
  {
    label: 'dashboard',
    items: [
      {
        label: 'dashboard',
        path: '/dashboard',
        icon: IconGauge,
        subject: 'Dashboard',
      },
    ],
  },
  {
    label: 'operations',
    items: [
      {
        label: 'bookings',
        path: '/bookings',
        icon: IconBook,
        subject: 'Booking',
      },
      { label: 'repeatBookings', path: '/repeat-bookings', icon: IconRepeat, subject: 'Booking' },
      { label: 'bookers', path: '/bookers', icon: IconAddressBook, subject: 'Booking' },
      {
        label: 'dispatch',
        path: '/dispatch',
        icon: IconRoute,
        subject: 'Dispatch',
      },
      {
        label: 'map',
        path: '/map',
        icon: IconMap2,
        subject: 'Dispatch',
      },
      { label: 'driverStatus', path: '/driver-status', icon: IconUserCheck, subject: 'Dispatch' },
      {
        label: 'chat',
        path: '/chat',
        icon: IconMessages,
        subject: 'Chat',
      },
      {
        label: 'incidents',
        path: '/incident',
        icon: IconAlertTriangle,
        subject: 'Incident',
      },
      {
        label: 'lostFound',
        path: '/lost-and-found',
        icon: IconPackage,
        subject: 'LostAndFound',
      },
      { label: 'outbox', path: '/outbox', icon: IconMail, subject: 'Booking' },
    ],
  },
  {
    label: 'register',
    items: [
      {
        label: 'drivers',
        path: '/drivers',
        icon: IconSteeringWheel,
        subject: 'Driver',
      },
      {
        label: 'passengers',
        path: '/passengers',
        icon: IconUser,
        subject: 'Passenger',
      },
      {
        label: 'clients',
        path: '/clients',
        icon: IconBuilding,
        subject: 'Client',
      },
      { label: 'vehicles', path: '/vehicles', icon: IconCar, subject: 'Vehicle' },
      { label: 'staff', path: '/staff', icon: IconId, subject: 'Staff' },
      {
        label: 'documents',
        path: '/documents',
        icon: IconFiles,
        subject: 'Document',
      },
      { label: 'calendar', path: '/calendar', icon: IconCalendar, subject: 'Calendar' },
    ],
  },
  {
    label: 'finance',
    items: [
      {
        label: 'invoices',
        path: '/finance/invoices',
        icon: IconFileInvoice,
        subject: 'Invoice',
      },
      {
        label: 'payments',
        path: '/finance/payments',
        icon: IconCreditCard,
        subject: 'Payment',
      },
      {
        label: 'creditNotes',
        path: '/finance/credit-notes',
        icon: IconReceiptRefund,
        subject: 'CreditNote',
      },
      {
        label: 'driverExpenses',
        path: '/finance/driver-expenses',
        icon: IconReceipt,
        subject: 'DriverExpense',
      },
      {
        label: 'bookingValidation',
        path: '/finance/booking-validation',
        icon: IconCheckupList,
        subject: 'BookingValidation',
      },
    ],
  },
  {
    label: 'pricing',
    items: [
      {
        label: 'pricingModels',
        path: '/pricing',
        icon: IconCoins,
        subject: 'Pricing',
      },
      { label: 'fixedPrices', path: '/pricing/fixed', icon: IconRoute, subject: 'Pricing' },
      { label: 'clientPricing', path: '/pricing/clients', icon: IconBuilding, subject: 'Pricing' },
    ],
  },
  {
    label: 'driverPay',
    items: [
      {
        label: 'driverPayments',
        path: '/driver-pay/payments',
        icon: IconCash,
        subject: 'DriverPayment',
      },
      {
        label: 'payRules',
        path: '/driver-pay/rules',
        icon: IconBriefcase,
        subject: 'DriverPayRule',
      },
    ],
  },
  {
    label: 'reports',
    items: [
      {
        label: 'reportsOverview',
        path: '/reports',
        icon: IconChartBar,
        subject: 'Reports',
      },
      {
        label: 'profitability',
        path: '/reports/profitability',
        icon: IconCoins,
        subject: 'Profitability',
      },
    ],
  },
  {
    label: 'settings',
    items: [
      {
        label: 'companySettings',
        path: '/settings/company',
        icon: IconBuilding,
        subject: 'Settings',
      },
      { label: 'bookingForm', path: '/settings/booking-form', icon: IconForms, subject: 'Settings' },
      { label: 'paymentSettings', path: '/settings/payments', icon: IconCreditCard, subject: 'Settings' },
      { label: 'users', path: '/settings/users', icon: IconUsers, subject: 'User' },
      {
        label: 'permissions',
        path: '/settings/permissions',
        icon: IconUserShield,
        subject: 'Permissions',
      },
      {
        label: 'referenceData',
        path: '/settings/reference-data',
        icon: IconDatabase,
        subject: 'ReferenceData',
      },
      { label: 'profile', path: '/profile', icon: IconLock, subject: 'Profile' },
    ],
  },
  {
    label: 'driverApp',
    items: [
      {
        label: 'myJobs',
        path: '/driver',
        icon: IconSteeringWheel,
        subject: 'DriverApp',
        onlyFor: 'Driver',
      },
    ],
  },
  {
    label: 'passengerApp',
    items: [
      {
        label: 'myBookings',
        path: '/my-bookings',
        icon: IconUsersGroup,
        subject: 'PassengerApp',
        onlyFor: 'Passenger',
      },
    ],
  },
  {
    label: 'clientPortal',
    items: [
      {
        label: 'myBookings',
        path: '/client/bookings',
        icon: IconTags,
        subject: 'ClientPortal',
        onlyFor: 'Client',
        holds: ['Bookings of your account', 'Invoices'],
      },
    ],
  },
];

export const allNavItems = navGroups.flatMap((g) => g.items);

export function canOpen(
  item: NavItem,
  role: string | undefined,
  can: (subject: NavItem['subject']) => boolean,
): boolean {
  return (!item.onlyFor || item.onlyFor === role) && can(item.subject);
}

/** The first page a role lands on. */
export function homePath(role: string | undefined): string {
  if (role === 'Driver') return '/driver';
  if (role === 'Passenger') return '/my-bookings';
  if (role === 'Client') return '/client/bookings';
  return '/dashboard';
}
