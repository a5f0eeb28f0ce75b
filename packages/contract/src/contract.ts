/* The whole wire contract: every call of spec/actions.tsv, plus the calls the spec leaves unnamed. */
import * as auth from './auth/calls';
import * as bookingValidation from './booking-validation/calls';
import * as bookings from './bookings/calls';
import * as calendar from './calendar/calls';
import * as chat from './chat/calls';
import * as clients from './clients/calls';
import * as company from './company/calls';
import * as dashboard from './dashboard/calls';
import * as dispatch from './dispatch/calls';
import * as documents from './documents/calls';
import * as driverApp from './driver-app/calls';
import * as driverExpenses from './driver-expenses/calls';
import * as driverPayments from './driver-payments/calls';
import * as drivers from './drivers/calls';
import * as importExport from './import-export/calls';
import * as invoices from './invoices/calls';
import * as lostFound from './lost-found/calls';
import * as passengers from './passengers/calls';
import * as payRules from './pay-rules/calls';
import * as payments from './payments/calls';
import * as pricing from './pricing/calls';
import * as referenceData from './reference-data/calls';
import * as reports from './reports/calls';
import * as staff from './staff/calls';
import * as vehicles from './vehicles/calls';
import * as webBooker from './web-booker/calls';
import * as notifications from './notifications/calls';
import * as bookers from './bookers/calls';
import * as tracking from './tracking/calls';
import * as incidents from './incidents/calls';
import type { AnyCall, Def, Resolved } from './define';

const modules = [
  incidents,
  tracking,
  bookers,
  notifications,
  auth,
  bookingValidation,
  bookings,
  calendar,
  chat,
  clients,
  company,
  dashboard,
  dispatch,
  documents,
  driverApp,
  driverExpenses,
  driverPayments,
  drivers,
  importExport,
  invoices,
  lostFound,
  passengers,
  payRules,
  payments,
  pricing,
  referenceData,
  reports,
  staff,
  vehicles,
  webBooker,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Flatten<T> = { [K in keyof T]: T[K] };
type Groups = (typeof modules)[number];
type ValuesOf<M> = M extends unknown ? M[keyof M] : never;
type AllCalls = Flatten<UnionToIntersection<ValuesOf<Groups>>>;

function merge(): AllCalls {
  const out: Record<string, Resolved<Def, string>> = {};
  for (const module of modules) {
    for (const group of Object.values(module) as Record<string, Resolved<Def, string>>[]) {
      for (const [name, call] of Object.entries(group)) {
        if (out[name]) throw new Error(`Call ${name} is declared twice in the contract`);
        out[name] = call;
      }
    }
  }
  return out as unknown as AllCalls;
}

export const contract = merge();
export type Contract = typeof contract;
export type CallName = keyof Contract & string;

/** Every call as a plain list. */
export const allCalls: readonly AnyCall[] = Object.values(contract) as unknown as AnyCall[];

/** A call by its wire name, for code that receives names at run time. */
export function findCall(name: string): AnyCall | undefined {
  return (contract as unknown as Record<string, AnyCall>)[name];
}
