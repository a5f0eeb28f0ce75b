/**
 * The e-mails a company may word itself (EmailSettings/*): each kind's placeholders, its default
 * text (what the product sends when the company has not changed it) and the sample facts a preview
 * fills in. Pure, so the server checks and the screen previews with the same rules.
 */
export const templateKinds = [
  'confirmation',
  'on_route',
  'assigned',
  'address_change',
  'arrival',
  'completion',
  'invoice',
  'receipt',
  'payment_link',
  'driver_statement',
] as const;
export type TemplateKind = (typeof templateKinds)[number];

const bookingFacts = [
  'bookingId',
  'pickupAt',
  'pickup',
  'dropoff',
  'passengerName',
  'driverName',
  'driverPhone',
  'vehicle',
  'companyName',
  'companyPhone',
] as const;

export const templatePlaceholders: Record<TemplateKind, readonly string[]> = {
  confirmation: bookingFacts,
  on_route: bookingFacts,
  assigned: bookingFacts,
  address_change: bookingFacts,
  arrival: bookingFacts,
  completion: bookingFacts,
  invoice: ['clientName', 'invoiceNo', 'issueDate', 'total', 'dueDate', 'message', 'companyName'],
  receipt: ['bookingId', 'amount', 'companyName'],
  payment_link: ['amount', 'payingFor', 'hours', 'link', 'companyName'],
  driver_statement: ['driverName', 'statementNo', 'period', 'outcome', 'companyName'],
};

export interface TemplateText {
  subject: string;
  body: string;
}

export const defaultTemplates: Record<TemplateKind, TemplateText> = {
  confirmation: {
    subject: 'Booking {bookingId} confirmed for {pickupAt}',
    body: 'Dear {passengerName},\n\nyour booking {bookingId} is confirmed.\n\nPick-up: {pickupAt}\nFrom: {pickup}\nTo: {dropoff}\n\nThank you for travelling with {companyName}. Questions: {companyPhone}.',
  },
  assigned: {
    subject: 'Your driver for booking {bookingId}',
    body: 'Dear {passengerName},\n\n{driverName} will drive you on {pickupAt} in {vehicle}, from {pickup}.\n\n{companyName}',
  },
  on_route: {
    subject: 'Your driver is on the way (booking {bookingId})',
    body: 'Dear {passengerName},\n\n{driverName} is on the way to {pickup} in {vehicle}.\n\n{companyName}',
  },
  address_change: {
    subject: 'Booking {bookingId} changed',
    body: 'Dear {passengerName},\n\nthe journey of booking {bookingId} has changed.\n\nPick-up: {pickupAt}\nFrom: {pickup}\nTo: {dropoff}\n\n{companyName}. Questions: {companyPhone}.',
  },
  arrival: {
    subject: 'Your driver has arrived (booking {bookingId})',
    body: 'Dear {passengerName},\n\n{driverName} is waiting for you at {pickup} in {vehicle}.\n\n{companyName}',
  },
  completion: {
    subject: 'Thank you for travelling with {companyName}',
    body: 'Dear {passengerName},\n\nyour journey {bookingId} from {pickup} to {dropoff} is complete. Thank you for travelling with {companyName}.',
  },
  invoice: {
    subject: 'Invoice {invoiceNo} from {companyName}',
    body: 'Dear {clientName},\n\n{message}\n\nPlease find attached invoice {invoiceNo} of {issueDate} for {total}, due by {dueDate}. Please quote {invoiceNo} with your payment.\n\nKind regards,\n{companyName}',
  },
  receipt: {
    subject: 'Your receipt for booking {bookingId} from {companyName}',
    body: 'Thank you for your payment of {amount} for booking {bookingId}.\n\nYour receipt is attached.\n\nKind regards,\n{companyName}',
  },
  payment_link: {
    subject: '{companyName}: pay {amount} for {payingFor}',
    body: 'Hello,\n\nplease pay {amount} for {payingFor} by card here. The link works until it is paid, for {hours} hours:\n\n{link}\n\n{companyName}',
  },
  driver_statement: {
    subject: 'Statement {statementNo} from {companyName}',
    body: 'Dear {driverName},\n\nPlease find attached your statement {statementNo} for {period}. {outcome}\n\nKind regards,\n{companyName}',
  },
};

const sampleBooking = {
  bookingId: '10482',
  pickupAt: 'Fri 4 Dec 2026, 09:30',
  pickup: '12 High Street, Leeds LS1 4AB',
  dropoff: 'Leeds Bradford Airport, LS19 7TU',
  passengerName: 'Alex Morgan',
  driverName: 'Sam Patel',
  driverPhone: '07700 900123',
  vehicle: 'silver Toyota Prius YX21 ABC',
  companyName: 'Your Taxis',
  companyPhone: '0113 496 0000',
};

/** The facts a preview fills in, one set per kind. */
export const sampleFacts: Record<TemplateKind, Record<string, string>> = {
  confirmation: sampleBooking,
  on_route: sampleBooking,
  assigned: sampleBooking,
  address_change: sampleBooking,
  arrival: sampleBooking,
  completion: sampleBooking,
  invoice: {
    clientName: 'Northern Events Ltd',
    invoiceNo: 'INV-2026-0042',
    issueDate: '30-11-2026',
    total: '£1,284.00',
    dueDate: '30-12-2026',
    message: 'Thank you for your business this month.',
    companyName: 'Your Taxis',
  },
  receipt: { bookingId: '10482', amount: '£42.50', companyName: 'Your Taxis' },
  payment_link: {
    amount: '£42.50',
    payingFor: 'booking 10482',
    hours: '48',
    link: 'https://desk.example.com/pay#token=(sample)',
    companyName: 'Your Taxis',
  },
  driver_statement: {
    driverName: 'Sam',
    statementNo: 'DS-2026-0107',
    period: '23-11-2026 to 29-11-2026',
    outcome: 'We pay you £612.40.',
    companyName: 'Your Taxis',
  },
};

const placeholderPattern = /\{(\w+)\}/g;

/** The placeholders a text names that its kind does not know, each once. */
export function unknownPlaceholders(kind: TemplateKind, text: string): string[] {
  const known = templatePlaceholders[kind];
  const unknown = [...text.matchAll(placeholderPattern)].map((m) => m[1]!).filter((name) => !known.includes(name));
  return [...new Set(unknown)];
}

/**
 * Fills {placeholders} with the facts; a fact that is empty leaves no empty paragraph behind (the
 * invoice's optional message).
 */
export function renderTemplate(text: string, facts: Readonly<Record<string, string>>): string {
  return text
    .replace(placeholderPattern, (whole, key: string) => (key in facts ? facts[key]! : whole))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
