import { eq } from 'drizzle-orm';
import { defaultStaffRoles } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { rolePermissions, staffRoles } from '../auth/schema';
import { clientReferenceTypes } from '../clients/schema';
import { documentTypes } from '../documents/schema';
import { driverPaymentModels } from '../pay-rules/schema';
import { pricingModels, pricingModelVersions } from '../pricing/schema';
import { startingStandardTariff } from '../pricing/starting-tariffs';
import { bookingExpenseTypes, taxes } from '../reference-data/schema';
import { companies } from './schema';

/** The reference data every new company starts with; it edits them afterwards. */
async function startingReferenceData(db: Db, companyId: number): Promise<void> {
  const [company] = await db
    .select({ vatRateBp: companies.vatRateBp })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [standard] = await db
    .insert(taxes)
    .values([
      { companyId, name: 'Standard rate', rateBp: company?.vatRateBp || 2000, isDefault: true },
      { companyId, name: 'Reduced rate', rateBp: 500 },
      { companyId, name: 'Zero rate', rateBp: 0 },
    ])
    .returning({ id: taxes.id });
  await db
    .insert(clientReferenceTypes)
    .values(['Cost centre', 'Purchase order', 'Employee number', 'Department'].map((name) => ({ companyId, name })));
  await db.insert(driverPaymentModels).values([
    { companyId, name: 'Commission', description: 'A share of each fare' },
    { companyId, name: 'Hourly', description: 'Paid by the hour on shift' },
    { companyId, name: 'Fixed per job', description: 'A set amount per completed job' },
  ]);
  const [tariff] = await db
    .insert(pricingModels)
    .values({ companyId, name: 'Standard tariff', mode: 'mileage', isDefault: true, currentVersion: 1 })
    .returning({ id: pricingModels.id });
  if (!tariff) throw new Error('pricing model insert returned no row');
  await db
    .insert(pricingModelVersions)
    .values({ companyId, modelId: tariff.id, version: 1, rules: startingStandardTariff(tariff.id, 1) });
  await db.insert(documentTypes).values([
    { companyId, name: 'Driving licence', ownerType: 'driver', isMandatory: true, hasExpiry: true },
    { companyId, name: 'Private hire driver licence', ownerType: 'driver', isMandatory: true, hasExpiry: true },
    { companyId, name: 'Criminal record check', ownerType: 'driver', isMandatory: false, hasExpiry: true },
    { companyId, name: 'Insurance certificate', ownerType: 'vehicle', isMandatory: true, hasExpiry: true },
    { companyId, name: 'MOT certificate', ownerType: 'vehicle', isMandatory: true, hasExpiry: true },
    { companyId, name: 'Private hire vehicle licence', ownerType: 'vehicle', isMandatory: true, hasExpiry: true },
    { companyId, name: 'Registration document (V5C)', ownerType: 'vehicle', isMandatory: false, hasExpiry: false },
    { companyId, name: 'Employment contract', ownerType: 'staff', isMandatory: false, hasExpiry: false },
  ]);
  await db.insert(bookingExpenseTypes).values([
    { companyId, name: 'Parking', taxId: standard?.id },
    { companyId, name: 'Tolls', taxId: null },
    { companyId, name: 'Congestion charge', taxId: null },
    { companyId, name: 'Waiting time', taxId: standard?.id, isAvailableInDriverApp: false },
    { companyId, name: 'Airport drop-off fee', taxId: standard?.id, requiresReceipt: true },
  ]);
}

/** What every new company starts with: the default staff roles, their permissions, reference data. */
export async function bootstrapCompany(db: Db, companyId: number): Promise<Record<string, number>> {
  const roleIds: Record<string, number> = {};
  for (const role of defaultStaffRoles) {
    const [row] = await db
      .insert(staffRoles)
      .values({ companyId, name: role.name, isSystem: true })
      .returning({ id: staffRoles.id });
    if (!row) throw new Error('role insert returned no row');
    roleIds[role.name] = row.id;
    const grants = Object.entries(role.grants).map(([subject, grant]) => ({
      companyId,
      staffRoleId: row.id,
      subject,
      grant: grant as string,
    }));
    if (grants.length) await db.insert(rolePermissions).values(grants);
  }
  await startingReferenceData(db, companyId);
  return roleIds;
}
