import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { list, renderAt, resetServer } from '../../kit/test-utils';
import { ClientRulesEditor } from './ClientRulesEditor';
import { invalid, model, pick, saved, sent } from './test-model';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const clients = [
  { id: 40, name: 'Acme Ltd', accountNo: null, parentClientId: null },
  { id: 41, name: 'Beta Travel', accountNo: null, parentClientId: null },
];
const ruleRow = {
  id: 1,
  ClientDriverPaymentID: 1,
  ClientId: 40,
  clientName: 'Acme Ltd',
  appliesTo: 'all',
  commissionPercent: null,
  fixedPerJob: 500,
};

function server(add: (input: Record<string, unknown>) => unknown = saved) {
  resetServer({
    'DriverPayment/GetDrvrPaymentClient': () => ({ code: 200, message: 'ok', ...list([ruleRow]) }),
    'Common/GetClientList': () => ({ code: 200, message: 'ok', ...list(clients) }),
    'DriverPayment/AddDrvrPaymentClient': add,
    'DriverPayment/DeleteDrvrPaymentClient': saved,
  });
}

async function openNew() {
  renderAt(<ClientRulesEditor model={model} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add a client rule' }));
  return screen.findByRole('dialog');
}

describe('the client rules editor', () => {
  beforeEach(() => server());
  afterEach(cleanup);

  it('adds a client’s commission: one rule sent, the others left as they are', async () => {
    const dialog = await openNew();
    await pick(/^Client/, 'Beta Travel');
    await pick(/^Jobs/, 'Cash jobs');
    fireEvent.change(within(dialog).getByLabelText(/^Office keeps/), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await sent('DriverPayment/AddDrvrPaymentClient')).toEqual([
      { DriverPaymentID: 5, ClientId: 41, appliesTo: 'cash', commissionPercent: '12.5', fixedPerJob: null },
    ]);
  });

  it('changes a rule by its id to a fixed amount in minor units', async () => {
    renderAt(<ClientRulesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change: Acme Ltd, All jobs' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Per job/), { target: { value: '6.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await sent('DriverPayment/AddDrvrPaymentClient')).toEqual([
      {
        DriverPaymentID: 5,
        ClientDriverPaymentID: 1,
        ClientId: 40,
        appliesTo: 'all',
        commissionPercent: null,
        fixedPerJob: 625,
      },
    ]);
  });

  it('shows the server’s refusal on the client field', async () => {
    server(() => {
      throw new ApiError(400, 'Check the fields.', [{ field: 'ClientId', message: 'client 41 was not found' }]);
    });
    const dialog = await openNew();
    await pick(/^Client/, 'Beta Travel');
    fireEvent.change(within(dialog).getByLabelText(/^Office keeps/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(dialog).findByText('client 41 was not found')).toBeTruthy();
    expect(invalid(within(dialog).getByRole('combobox', { name: /^Client/ }))).toBe(true);
  });

  it('removes a rule after asking', async () => {
    renderAt(<ClientRulesEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Acme Ltd, All jobs' }));
    const ask = await screen.findByRole('dialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await sent('DriverPayment/DeleteDrvrPaymentClient')).toEqual([
      { DriverPaymentID: 5, ClientDriverPaymentID: 1 },
    ]);
  });
});
