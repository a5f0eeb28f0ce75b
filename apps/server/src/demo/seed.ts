import { eq } from 'drizzle-orm';
import type { Db, RootDb } from '../platform/db/client';
import { appMeta } from '../platform/db/meta';
import type { Logger } from '../platform/logger';
import { bootstrapCompany } from '../domains/company/bootstrap';
import { companies } from '../domains/company/schema';
import { demoCompanies, demoLooks } from './companies';
import { seedBookingHistory } from './bookings';
import { seedRegisterDetails } from './details';
import { seedRegister } from './people';
import { seedChatIncidentsLostFound } from './chat-incidents';
import { seedNotificationsDemo } from './notifications';
import { seedDemoPositions } from './positions';
import { seedDriversOnShift, seedPastShifts } from './shifts';
import { seedPayments } from './payments';
import { seedInvoices } from './invoices';
import { seedTariffs } from './tariffs';
import { seedPayModels } from './pay-models';
import { seedDriverExpenses } from './driver-expenses';
import { seedDriverStatements } from './driver-statements';

export { demoSignIns } from './companies';

const emailDomains: Record<number, string> = { 1: 'ukcb.test', 10005: 'charchauf.test', 10010: 'de.test' };

/**
 * Demo data arrives in named steps; each runs once, in one transaction, and is remembered in
 * app_meta. Later work adds steps instead of editing old ones, so existing installations catch up.
 */
const steps: { id: string; run: (db: Db) => Promise<void> }[] = [
  {
    id: 'companies-and-register',
    run: async (db) => {
      for (const c of demoCompanies) {
        const logo = (brand: string | null, file: string) => (brand ? `/branding/${brand}/${file}.svg` : null);
        await db.insert(companies).values({
          id: c.id,
          shortName: c.shortName,
          name: c.name,
          email: c.email,
          phone: c.phone,
          timezone: c.timezone,
          currency: c.currency,
          locale: c.locale,
          dateFormat: c.locale === 'de-DE' ? 'd.m.Y' : 'd-m-Y',
          isVatRegistered: c.isVatRegistered,
          vatRateBp: c.vatRateBp,
          loaderStyle: c.loaderStyle,
          logoMain: logo(c.brand, 'main'),
          logoNavBar: logo(c.brand, 'navbar'),
          logoPassengerMain: logo(c.passengerBrand, 'main'),
          logoPassengerNavBar: logo(c.passengerBrand, 'navbar'),
        });
        const roleIds = await bootstrapCompany(db, c.id);
        const domain = emailDomains[c.id] ?? `${c.shortName.toLowerCase()}.test`;
        await seedRegister(db, c.id, domain, roleIds);
      }
    },
  },
  {
    id: 'register-details',
    run: async (db) => {
      for (const c of demoCompanies) await seedRegisterDetails(db, c.id);
    },
  },
  {
    id: 'booking-history',
    run: async (db) => {
      const perDay: Record<number, number> = { 1: 40, 10005: 15, 10006: 8, 10007: 6, 10010: 10 };
      for (const c of demoCompanies) await seedBookingHistory(db, c.id, perDay[c.id] ?? 5);
    },
  },
  {
    id: 'chat-incidents-lost-found',
    run: async (db) => {
      for (const c of demoCompanies) await seedChatIncidentsLostFound(db, c.id);
    },
  },
  {
    id: 'bookers-outbox',
    run: async (db) => {
      for (const c of demoCompanies) await seedNotificationsDemo(db, c.id);
    },
  },
  {
    id: 'drivers-on-shift',
    run: async (db) => {
      for (const c of demoCompanies) {
        await seedPastShifts(db, c.id);
        await seedDriversOnShift(db, c.id);
      }
    },
  },
  {
    id: 'tariffs',
    run: async (db) => {
      for (const c of demoCompanies) await seedTariffs(db, c.id);
    },
  },
  {
    id: 'payments',
    run: async (db) => {
      for (const c of demoCompanies) await seedPayments(db, c.id);
    },
  },
  {
    id: 'invoices',
    run: async (db) => {
      for (const c of demoCompanies) await seedInvoices(db, c.id);
    },
  },
  {
    id: 'driver-pay-models',
    run: async (db) => {
      for (const c of demoCompanies) await seedPayModels(db, c.id);
    },
  },
  {
    id: 'company-looks',
    run: async (db) => {
      for (const [id, look] of Object.entries(demoLooks)) {
        await db
          .update(companies)
          .set({ ...look, iconUrl: `/branding/${look.iconUrl}/icon.svg` })
          .where(eq(companies.id, Number(id)));
      }
    },
  },
  {
    // Company 1 only: the demo's UK operator, whose Finance pages the journeys walk through.
    id: 'driver-expenses',
    run: async (db) => seedDriverExpenses(db, 1),
  },
  {
    id: 'driver-statements',
    run: async (db) => {
      for (const c of demoCompanies) await seedDriverStatements(db, c.id);
    },
  },
];

/**
 * Fresh positions at every start (after the steps), so the demo map shows drivers where they are now
 * rather than where they were when the demo was first installed.
 */
async function refreshDemoPositions(db: RootDb): Promise<void> {
  for (const c of demoCompanies) await seedDemoPositions(db, c.id);
}

export async function seedDemo(db: RootDb, log: Logger): Promise<void> {
  for (const step of steps) {
    const key = `demo:${step.id}`;
    const done = await db.select().from(appMeta).where(eq(appMeta.key, key));
    if (done.length) continue;
    await db.transaction(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(72010002)');
      const again = await tx.select().from(appMeta).where(eq(appMeta.key, key));
      if (again.length) return;
      await step.run(tx);
      await tx.insert(appMeta).values({ key, value: new Date().toISOString() });
    });
    log.info({ step: step.id }, 'demo data added');
  }
  await refreshDemoPositions(db);
}
