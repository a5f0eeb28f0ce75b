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
        holds: [
          'Top drivers and clients',
          'Bookings graph and goals',
          'Pending payments, sources',
          'Expiring documents',
        ],
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
        holds: ['Booking list and form', 'Repeat bookings', 'Booking history log'],
      },
      { label: 'repeatBookings', path: '/repeat-bookings', icon: IconRepeat, subject: 'Booking' },
      { label: 'bookers', path: '/bookers', icon: IconAddressBook, subject: 'Booking' },
      {
        label: 'dispatch',
        path: '/dispatch',
        icon: IconRoute,
        subject: 'Dispatch',
        holds: ['Dispatch board with tabs', 'Driver sidebar', 'Soft, hard and subcontractor allocation'],
      },
      {
        label: 'map',
        path: '/map',
        icon: IconMap2,
        subject: 'Dispatch',
        holds: ['Live driver positions', 'Booking tracking'],
      },
      { label: 'driverStatus', path: '/driver-status', icon: IconUserCheck, subject: 'Dispatch' },
      {
        label: 'chat',
        path: '/chat',
        icon: IconMessages,
        subject: 'Chat',
        holds: ['Chat with each driver', 'Broadcast to active drivers'],
      },
      {
        label: 'incidents',
        path: '/incident',
        icon: IconAlertTriangle,
        subject: 'Incident',
        holds: ['Incident table', 'Open and close incidents'],
      },
      {
        label: 'lostFound',
        path: '/lost-and-found',
        icon: IconPackage,
        subject: 'LostAndFound',
        holds: ['Items left in vehicles, by booking'],
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
        holds: ['Driver list and profiles', 'Statistics and documents'],
      },
      {
        label: 'passengers',
        path: '/passengers',
        icon: IconUser,
        subject: 'Passenger',
        holds: ['Passenger list and profiles', 'Booking history and notes'],
      },
      {
        label: 'clients',
        path: '/clients',
        icon: IconBuilding,
        subject: 'Client',
        holds: ['Corporate accounts with child accounts', 'Statistics and notes'],
      },
      { label: 'vehicles', path: '/vehicles', icon: IconCar, subject: 'Vehicle', holds: ['Fleet list and statistics'] },
      { label: 'staff', path: '/staff', icon: IconId, subject: 'Staff', holds: ['Office staff and their documents'] },
      {
        label: 'documents',
        path: '/documents',
        icon: IconFiles,
        subject: 'Document',
        holds: ['Licences, insurance, MOT', 'Expiry tracking'],
      },
      { label: 'calendar', path: '/calendar', icon: IconCalendar, subject: 'Calendar', holds: ['Events per driver'] },
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
        holds: ['Client invoices', 'Auto-generated and attention-required invoices'],
      },
      {
        label: 'payments',
        path: '/finance/payments',
        icon: IconCreditCard,
        subject: 'Payment',
        holds: ['Card and cash bookings', 'Saved cards'],
      },
      {
        label: 'creditNotes',
        path: '/finance/credit-notes',
        icon: IconReceiptRefund,
        subject: 'CreditNote',
        holds: ['Credit notes'],
      },
      {
        label: 'driverExpenses',
        path: '/finance/driver-expenses',
        icon: IconReceipt,
        subject: 'DriverExpense',
        holds: ['Pending, approved and declined expenses'],
      },
      {
        label: 'bookingValidation',
        path: '/finance/booking-validation',
        icon: IconCheckupList,
        subject: 'BookingValidation',
        holds: ['Validated and invalid bookings'],
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
        holds: ['Eligible drivers', 'Generated, approved and settled payments'],
      },
      {
        label: 'payRules',
        path: '/driver-pay/rules',
        icon: IconBriefcase,
        subject: 'DriverPayRule',
        holds: ['Peak times and periods', 'Bonuses and overrides'],
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
        holds: ['Bookings, clients, drivers, passengers, vehicle types'],
      },
      {
        label: 'profitability',
        path: '/reports/profitability',
        icon: IconCoins,
        subject: 'Profitability',
        holds: ['Profit per client, driver and vehicle'],
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
        holds: ['Basic, provider and e-mail settings'],
      },
      { label: 'bookingForm', path: '/settings/booking-form', icon: IconForms, subject: 'Settings' },
      { label: 'paymentSettings', path: '/settings/payments', icon: IconCreditCard, subject: 'Settings' },
      { label: 'users', path: '/settings/users', icon: IconUsers, subject: 'User' },
      {
        label: 'permissions',
        path: '/settings/permissions',
        icon: IconUserShield,
        subject: 'Permissions',
        holds: ['Route permissions per staff role'],
      },
      {
        label: 'referenceData',
        path: '/settings/reference-data',
        icon: IconDatabase,
        subject: 'ReferenceData',
        holds: ['Driver and client types, tags, zones', 'Known locations, document and expense types'],
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
        holds: ['Upcoming jobs, journey, earnings', 'Expenses, chat and documents'],
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
        holds: ['Book a ride', 'Follow and pay for your rides'],
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
