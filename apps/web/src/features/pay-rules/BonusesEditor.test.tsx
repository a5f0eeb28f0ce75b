import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { renderAt, resetServer } from '../../kit/test-utils';
import { BonusesEditor } from './BonusesEditor';
import { invalid, model, rules, saved, sent } from './test-model';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const bonuses = {
  code: 200,
  message: 'ok',
  data: {
    DriverPaymentID: 5,
    version: 3,
    bonusMaster: [{ id: 1, name: 'Busy week', measure: 'jobs', bandCount: 1 }],
    bonusDetail: [{ bonusId: 1, index: 0, from: 50, to: null, amount: 2000 }],
  },
};

function server(create: (input: Record<string, unknown>) => unknown = saved) {
  resetServer({
    'DriverPayment/GetDriverPaymentBonus': () => bonuses,
    'DriverPayment/CreateBonus': create,
    UpdateBonus: saved,
  });
}

const band = (dialog: HTMLElement, n: number) => within(within(dialog).getByRole('group', { name: `Band ${n}` }));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** A bonus of two bands typed: up to 20 jobs pays 5.00, from 20 on 12.50. */
async function addTwoBands() {
  renderAt(<BonusesEditor model={model} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add a bonus' }));
  const dialog = await screen.findByRole('dialog');
  type(within(dialog).getByLabelText(/^Name/), 'Weekend');
  type(band(dialog, 1).getByLabelText(/^To/), '20');
  type(band(dialog, 1).getByLabelText(/^Amount/), '5.00');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add a band' }));
  type(band(dialog, 2).getByLabelText(/^Amount/), '12.50');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
  return dialog;
}

describe('the bonuses editor', () => {
  beforeEach(() => server());
  afterEach(cleanup);

  it('adds a bonus with its bands: the list in force sent back with it, amounts in minor units', async () => {
    await addTwoBands();
    expect(await sent('DriverPayment/CreateBonus')).toEqual([
      {
        DriverPaymentID: 5,
        bonuses: [
          ...rules.bonuses,
          {
            id: 2,
            name: 'Weekend',
            measure: 'jobs',
            bands: [
              { from: 0, to: 20, amount: 500 },
              { from: 20, to: null, amount: 1250 },
            ],
          },
        ],
      },
    ]);
  });

  it('shows the server’s refusal of a band on that band’s field', async () => {
    server(() => {
      throw new ApiError(400, 'Check the fields.', [
        { field: 'bonuses.1.bands.1.from', message: 'overlaps the band before it' },
      ]);
    });
    const dialog = await addTwoBands();
    expect(await within(dialog).findByText('overlaps the band before it')).toBeTruthy();
    expect(invalid(band(dialog, 2).getByLabelText(/^From/))).toBe(true);
    expect(invalid(band(dialog, 1).getByLabelText(/^From/))).toBe(false);
  });

  it('changes one bonus by its id through UpdateBonus', async () => {
    renderAt(<BonusesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change: Busy week' }));
    const dialog = await screen.findByRole('dialog');
    type(band(dialog, 1).getByLabelText(/^Amount/), '25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await sent('UpdateBonus')).toEqual([
      { DriverPaymentID: 5, id: 1, name: 'Busy week', measure: 'jobs', bands: [{ from: 50, to: null, amount: 2500 }] },
    ]);
  });

  it('removes a bonus: the list sent without it', async () => {
    renderAt(<BonusesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Busy week' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await sent('DriverPayment/CreateBonus')).toEqual([{ DriverPaymentID: 5, bonuses: [] }]);
  });
});
