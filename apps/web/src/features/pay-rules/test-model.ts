import type { DriverPayModel } from '@cabdesk/pay-engine';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { calls } from '../../kit/test-utils';
import type { PayModelDetail } from './rule-form';

/** A commission model in force at version 3 with one row in each part, for the editors' tests. */
export const rules: DriverPayModel = {
  id: 5,
  version: 3,
  name: 'Weekday commission',
  basis: 'commission',
  commission: { cashPercent: '25', cardPercent: '25', accountPercent: '20' },
  mileage: {
    ownCar: { perJob: 0, steps: [{ fromKm: 0, toKm: null, ratePerKm: 150 }] },
    companyCar: { perJob: 0, steps: [{ fromKm: 0, toKm: null, ratePerKm: 120 }] },
  },
  vehicleTypeMileage: [],
  fixedPerJob: null,
  hourly: null,
  vehicleOverrides: [
    { id: 1, vehicleId: null, vehicleTypeId: 2, appliesTo: 'all', commissionPercent: '30', fixedPerJob: null },
  ],
  clientRules: [{ id: 1, clientId: 40, appliesTo: 'all', commissionPercent: null, fixedPerJob: 500 }],
  peakTimes: [],
  peakPeriods: [],
  bonuses: [{ id: 1, name: 'Busy week', measure: 'jobs', bands: [{ from: 50, to: null, amount: 2000 }] }],
  deductions: [{ id: 1, name: 'Car rent', kind: 'rent', weeklyAmount: 15000, companyCarOnly: true }],
};

export const model: PayModelDetail = {
  id: 5,
  DriverPaymentID: 5,
  name: rules.name,
  description: null,
  basis: 'commission',
  isActive: true,
  version: 3,
  driverCount: 0,
  driverTypeCount: 0,
  updatedAt: '2026-11-01T10:00:00.000Z',
  versionCreatedAt: '2026-11-01T10:00:00.000Z',
  rules,
  versions: [{ version: 3, createdAt: '2026-11-01T10:00:00.000Z', createdBy: null }],
};

/** A change's answer: the new version. */
export const saved = (input: Record<string, unknown>) => ({
  code: 200,
  message: 'Saved.',
  data: { ...input, version: 4 },
});

/** The inputs the screen sent to one call, once it has sent one. */
export async function sent(name: string) {
  await waitFor(() => expect(calls.filter((c) => c.name === name)).not.toHaveLength(0));
  return calls.filter((c) => c.name === name).map((c) => c.input);
}

export const invalid = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true';

/** Opens a dropdown by its label once its choices have come, and picks one. */
export async function pick(label: RegExp, option: string) {
  const box = await waitFor(() => {
    const found = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
    expect(found.disabled).toBe(false);
    return found;
  });
  fireEvent.click(box);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
