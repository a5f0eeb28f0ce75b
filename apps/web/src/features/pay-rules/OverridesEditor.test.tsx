import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { list, renderAt, resetServer } from '../../kit/test-utils';
import { OverridesEditor } from './OverridesEditor';
import { invalid, model, pick, rules, saved, sent } from './test-model';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const overrideRow = {
  id: 1,
  vehicleId: null,
  vehicleName: null,
  vehicleTypeId: 2,
  vehicleTypeName: 'Saloon',
  appliesTo: 'all',
  commissionPercent: '30',
  fixedPerJob: null,
};

function server(create: (input: Record<string, unknown>) => unknown = saved) {
  resetServer({
    'DriverPayment/GetDrvrPaymentVehicleOveride': () => ({ code: 200, message: 'ok', ...list([overrideRow]) }),
    'Vehicle/GetVehicleList': () => ({
      code: 200,
      message: 'ok',
      ...list([{ id: 9, registration: 'AB12 CDE', name: 'AB12 CDE — Toyota Prius', vehicleTypeId: 2 }]),
    }),
    'Vehicle/GetVehicleTypeList': () => ({
      code: 200,
      message: 'ok',
      ...list([{ id: 2, name: 'Saloon', maxPassengers: 4, maxLuggage: 2 }]),
    }),
    'DriverPayment/CreateVehicleOverride': create,
    'DriverPayment/UpdateVehicleOverride': saved,
  });
}

async function addFixedForVehicle() {
  renderAt(<OverridesEditor model={model} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add a vehicle override' }));
  const dialog = await screen.findByRole('dialog');
  await pick(/^A vehicle/, 'AB12 CDE — Toyota Prius');
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Fixed per job' }));
  fireEvent.change(within(dialog).getByLabelText(/^Per job/), { target: { value: '4.50' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
  return dialog;
}

describe('the vehicle overrides editor', () => {
  beforeEach(() => server());
  afterEach(cleanup);

  it('adds an override: the list in force sent back with the new one at its end', async () => {
    await addFixedForVehicle();
    expect(await sent('DriverPayment/CreateVehicleOverride')).toEqual([
      {
        DriverPaymentID: 5,
        vehicleOverrides: [
          ...rules.vehicleOverrides,
          { id: 2, vehicleId: 9, vehicleTypeId: null, appliesTo: 'all', commissionPercent: null, fixedPerJob: 450 },
        ],
      },
    ]);
  });

  it('shows a refusal of the new row on its own field', async () => {
    server(() => {
      throw new ApiError(400, 'Check the fields.', [
        { field: 'vehicleOverrides.1.appliesTo', message: 'repeats the override of this vehicle for these jobs' },
      ]);
    });
    const dialog = await addFixedForVehicle();
    expect(await within(dialog).findByText('repeats the override of this vehicle for these jobs')).toBeTruthy();
    expect(invalid(within(dialog).getByRole('combobox', { name: /^Jobs/ }))).toBe(true);
  });

  it('changes one override by its id', async () => {
    renderAt(<OverridesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change: Saloon, All jobs' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Office keeps/), { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await sent('DriverPayment/UpdateVehicleOverride')).toEqual([
      {
        DriverPaymentID: 5,
        id: 1,
        vehicleId: null,
        vehicleTypeId: 2,
        appliesTo: 'all',
        commissionPercent: '35',
        fixedPerJob: null,
      },
    ]);
  });

  it('removes an override: the list sent without it', async () => {
    renderAt(<OverridesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Saloon, All jobs' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await sent('DriverPayment/CreateVehicleOverride')).toEqual([{ DriverPaymentID: 5, vehicleOverrides: [] }]);
  });
});
