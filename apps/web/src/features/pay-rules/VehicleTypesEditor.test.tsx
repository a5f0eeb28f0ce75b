import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverPayModel } from '@cabdesk/pay-engine';
import { ApiError } from '../../api/errors';
import { list, renderAt, resetServer } from '../../kit/test-utils';
import { invalid, model, rules, saved, sent } from './test-model';
import { VehicleTypesEditor } from './VehicleTypesEditor';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const saloon = {
  id: 2,
  vehicleTypeID: 2,
  vehicleTypeName: 'Saloon',
  hasOwnMileage: false,
  ownCar: rules.mileage?.ownCar ?? null,
  companyCar: rules.mileage?.companyCar ?? null,
};

function server(update: (input: Record<string, unknown>) => unknown = saved) {
  resetServer({
    'DriverPayment/GetDriverPaymentVehicleType': () => ({ code: 200, message: 'ok', ...list([saloon]) }),
    'DriverPayment/Update': update,
  });
}

/** Gives the saloon its own bands: the model's, with the own-car rate typed as 1.75. */
async function ownBands() {
  renderAt(<VehicleTypesEditor model={model} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Give it its own bands: Saloon' }));
  const dialog = await screen.findByRole('dialog');
  const ownCar = within(within(dialog).getByRole('group', { name: 'Own car' }));
  fireEvent.change(ownCar.getByLabelText('Band 1 rate per km'), { target: { value: '1.75' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
  return { dialog, ownCar };
}

describe('the per-vehicle-type mileage editor', () => {
  beforeEach(() => server());
  afterEach(cleanup);

  it('gives a type its own bands through DriverPayment/Update, starting from the model’s', async () => {
    await ownBands();
    expect(await sent('DriverPayment/Update')).toEqual([
      {
        DriverPaymentID: 5,
        vehicleTypeMileage: [
          {
            vehicleTypeId: 2,
            ownCar: { perJob: 0, steps: [{ fromKm: 0, toKm: null, ratePerKm: 175 }] },
            companyCar: { perJob: 0, steps: [{ fromKm: 0, toKm: null, ratePerKm: 120 }] },
          },
        ],
      },
    ]);
  });

  it('shows the server’s refusal of a band on its field', async () => {
    server(() => {
      throw new ApiError(400, 'Check the fields.', [
        { field: 'vehicleTypeMileage.0.ownCar.steps.0.ratePerKm', message: 'must be at most 100000' },
      ]);
    });
    const { dialog, ownCar } = await ownBands();
    expect(await within(dialog).findByText('must be at most 100000')).toBeTruthy();
    expect(invalid(ownCar.getByLabelText('Band 1 rate per km'))).toBe(true);
  });

  it('sends a type back to the model’s bands', async () => {
    const own = {
      vehicleTypeId: 2,
      ownCar: saloon.ownCar,
      companyCar: saloon.companyCar,
    } as DriverPayModel['vehicleTypeMileage'][number];
    resetServer({
      'DriverPayment/GetDriverPaymentVehicleType': () => ({
        code: 200,
        message: 'ok',
        ...list([{ ...saloon, hasOwnMileage: true }]),
      }),
      'DriverPayment/Update': saved,
    });
    renderAt(<VehicleTypesEditor model={{ ...model, rules: { ...rules, vehicleTypeMileage: [own] } }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the model’s bands: Saloon' }));
    const ask = await screen.findByRole('dialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Back to the model’s bands' }));
    expect(await sent('DriverPayment/Update')).toEqual([{ DriverPaymentID: 5, vehicleTypeMileage: [] }]);
  });
});
