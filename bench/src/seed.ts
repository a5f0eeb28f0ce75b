import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import type { RootDb } from '../../apps/server/src/platform/db/client';
import { users } from '../../apps/server/src/domains/auth/schema';
import { bootstrapCompany } from '../../apps/server/src/domains/company/bootstrap';
import { companies } from '../../apps/server/src/domains/company/schema';

export const BENCH_ADMIN = { email: 'bench-admin@bench.test', password: 'bench password 1' };

/** One company with `count` accounts, plus a second company so tenant filtering has work to do. */
export async function seedBench(db: RootDb, count: number): Promise<number> {
  const existing = await db.select({ id: companies.id }).from(companies);
  if (existing.length) return existing[0]?.id ?? 0;
  const hash = await hashPassword(BENCH_ADMIN.password);
  const [company, other] = await db
    .insert(companies)
    .values([
      { shortName: 'BENCH', name: 'Bench Cabs' },
      { shortName: 'OTHER', name: 'Other Cabs' },
    ])
    .returning({ id: companies.id });
  if (!company || !other) throw new Error('no company');
  await bootstrapCompany(db, company.id);
  await db.insert(users).values({
    companyId: company.id,
    kind: 'admin',
    email: BENCH_ADMIN.email,
    fullName: 'Bench Admin',
    passwordHash: hash,
  });
  for (const companyId of [company.id, other.id]) {
    const rows = Array.from({ length: count }, (_, i) => ({
      companyId,
      kind: (i % 3 === 0 ? 'driver' : 'passenger') as 'driver' | 'passenger',
      email: `user${i}@c${companyId}.bench`,
      fullName: `Person ${String(i).padStart(5, '0')}`,
      passwordHash: hash,
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(users).values(rows.slice(i, i + 1000));
  }
  return company.id;
}
