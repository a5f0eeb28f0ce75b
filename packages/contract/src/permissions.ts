/**
 * Permission subjects. Every call names one; a role holds `read` or `manage` on each subject.
 * The same rules drive the server (403) and the web (menus and buttons hidden).
 */
export const subjects = [
  'Auth',
  'Profile',
  'Lookup',
  'Dashboard',
  'Booking',
  'Dispatch',
  'Chat',
  'Incident',
  'LostAndFound',
  'Driver',
  'Passenger',
  'Client',
  'Vehicle',
  'Staff',
  'User',
  'Document',
  'ReferenceData',
  'Invoice',
  'Payment',
  'CreditNote',
  'DriverExpense',
  'DriverPayment',
  'DriverPayRule',
  'Pricing',
  'BookingValidation',
  'Settings',
  'Permissions',
  'Profitability',
  'Reports',
  'Calendar',
  'DriverApp',
  'PassengerApp',
  'ClientPortal',
  'WebBooker',
] as const;

export type Subject = (typeof subjects)[number];

/** CASL actions used in rules: `manage` grants every verb, `read` only reads. */
export type RuleAction = 'manage' | 'read' | 'create' | 'update' | 'delete';

/** The CASL action a call needs on its subject. */
export type Verb = 'read' | 'create' | 'update' | 'delete';

/** What a call (or any other way in) needs: a verb on a subject, or on a second subject. */
export interface Permission {
  verb: Verb;
  subject: Subject;
  alsoFor?: Subject | undefined;
}

/**
 * The live socket: an office screen hears every change of its company when its role may read one of
 * these; a driver's app hears only its own driver's changes.
 */
export const liveOfficePermissions: Permission[] = [
  { verb: 'read', subject: 'Dispatch' },
  { verb: 'read', subject: 'Booking' },
  { verb: 'read', subject: 'Chat' },
];

export interface AbilityRule {
  action: RuleAction;
  subject: Subject | 'all';
}

/** Kinds of signed-in user. Staff carry a staffRoleID whose permissions are data. */
export const userKinds = ['admin', 'staff', 'driver', 'passenger', 'client'] as const;
export type UserKind = (typeof userKinds)[number];

/**
 * Kinds of session: the user kinds, and the web booker's visitor, who has no account (a visit of
 * the public booking page; docs/web-booker.md).
 */
export const sessionKinds = [...userKinds, 'webBooker'] as const;
export type SessionKind = (typeof sessionKinds)[number];

/** The role name the web shows and the logo lookup takes (`userType`). */
export const roleNames: Record<UserKind, string> = {
  admin: 'Admin',
  staff: 'Staff',
  driver: 'Driver',
  passenger: 'Passenger',
  client: 'Client',
};

/** What every signed-in user may do, whatever the role. */
export const baseRules: AbilityRule[] = [
  { action: 'read', subject: 'Auth' },
  { action: 'manage', subject: 'Profile' },
  { action: 'read', subject: 'Lookup' },
];

/** Rules of the kinds whose permissions are not configurable per company. */
export const fixedRules: Record<Exclude<SessionKind, 'staff'>, AbilityRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  driver: [...baseRules, { action: 'manage', subject: 'DriverApp' }],
  passenger: [...baseRules, { action: 'manage', subject: 'PassengerApp' }, { action: 'manage', subject: 'WebBooker' }],
  client: [
    ...baseRules,
    { action: 'manage', subject: 'ClientPortal' },
    { action: 'read', subject: 'WebBooker' },
    // A client portal user books for the client's passengers (Booking/Create, outside the office).
    { action: 'create', subject: 'WebBooker' },
  ],
  /** A visit of the web booker: price a journey, name the passenger, make one booking, read it. */
  webBooker: [
    { action: 'read', subject: 'WebBooker' },
    { action: 'create', subject: 'WebBooker' },
  ],
};

/** A staff role's grant on one subject, as stored by `Permissions/Assign`. */
export type Grant = 'read' | 'manage';

/** The staff roles every new company starts with; companies edit them afterwards. */
export const defaultStaffRoles: { name: string; grants: Partial<Record<Subject, Grant>> }[] = [
  {
    name: 'Dispatcher',
    grants: {
      Dashboard: 'read',
      Booking: 'manage',
      Dispatch: 'manage',
      Chat: 'manage',
      Incident: 'manage',
      LostAndFound: 'manage',
      Driver: 'read',
      Passenger: 'manage',
      Client: 'read',
      Vehicle: 'read',
      Document: 'read',
      Calendar: 'read',
      ReferenceData: 'read',
    },
  },
  {
    name: 'Accounts',
    grants: {
      Dashboard: 'read',
      Booking: 'read',
      Invoice: 'manage',
      Payment: 'manage',
      CreditNote: 'manage',
      DriverExpense: 'manage',
      DriverPayment: 'manage',
      BookingValidation: 'manage',
      Profitability: 'read',
      Reports: 'read',
      Client: 'read',
      Driver: 'read',
      Passenger: 'read',
      Vehicle: 'read',
      ReferenceData: 'read',
    },
  },
  {
    name: 'Operations Manager',
    grants: Object.fromEntries(
      subjects
        .filter((s) => !['Permissions', 'Settings', 'DriverApp', 'PassengerApp', 'ClientPortal'].includes(s))
        .map((s) => [s, 'manage' as const]),
    ),
  },
];

export function rulesFromGrants(grants: Partial<Record<Subject, Grant>>): AbilityRule[] {
  const rules: AbilityRule[] = [...baseRules];
  for (const [subject, grant] of Object.entries(grants) as [Subject, Grant][]) {
    rules.push({ action: grant, subject });
  }
  return rules;
}
