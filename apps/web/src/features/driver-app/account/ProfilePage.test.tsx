import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sortCodeText } from './BankAccount';
import { ProfilePage } from './ProfilePage';
import { callsOf, done, list, renderScreen, resetServer } from './test-utils';

vi.mock('../../../api/client', () => import('./test-utils').then((m) => m.clientMock));

const profile = {
  id: 7,
  callsign: 'D07',
  firstName: 'James',
  lastName: 'Walker',
  fullName: 'James Walker',
  email: 'james@example.test',
  phone: null,
  mobile: '+44 7700 900123',
  driverTypeId: 1,
  driverTypeName: 'Employed',
  vendorId: null,
  vendorName: null,
  availability: 3,
  availabilityName: 'Offline',
  isActive: true,
  dateJoined: '2024-01-10',
  hasAppAccount: true,
  tags: [],
  photoUrl: null,
  documentState: 'valid',
  address: '1 High Street',
  postcode: 'AB1 2CD',
  dateOfBirth: '1985-04-02',
  nationality: 'GB',
  licenceNumber: 'WALKE804025JW9AB',
  bankAccountName: 'J Walker',
  bankSortCode: '123456',
  bankAccountNumberLast4: '5678',
  defaultPaymentModelId: null,
  defaultPaymentModelName: null,
  userId: 12,
  appEmail: 'driver@ukcb.test',
  createdAt: '2024-01-10T09:00:00Z',
  vehicles: [],
  missingDocumentTypes: [],
};

beforeEach(() => {
  resetServer({
    'Driver/GetTableSummaryDriverDrvApp': () => list([profile]),
    'Common/GetNationalityList': () => list([{ id: 'GB', code: 'GB', name: 'United Kingdom' }]),
    'Driver/UpdateDriverPersonalProfile': (input) => done({ ...profile, ...input }),
    'Driver/UpdateDriverAccountProfile': () => done(profile),
  });
});
afterEach(cleanup);

describe('the profile screen', { timeout: 20_000 }, () => {
  it('shows the bank account only by its last four', async () => {
    renderScreen(<ProfilePage />);
    const bank = await screen.findByTestId('bank-current');
    expect(bank.textContent).toContain('12-34-56 · •••• 5678');
    expect(sortCodeText('123456')).toBe('12-34-56');
  });

  it('refuses a sort code that is not six digits and sends a good one with all three parts', async () => {
    renderScreen(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change bank account' }));
    const sortCode = screen.getByRole('textbox', { name: /Sort code/ });
    const number = screen.getByRole('textbox', { name: /Account number/ });
    expect((number as HTMLInputElement).value).toBe('');
    fireEvent.change(sortCode, { target: { value: '12-34-5' } });
    fireEvent.change(number, { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText(/must be 6 digits/)).toBeTruthy();
    expect(callsOf('Driver/UpdateDriverAccountProfile')).toHaveLength(0);
    fireEvent.change(sortCode, { target: { value: '65-43-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(callsOf('Driver/UpdateDriverAccountProfile')).toHaveLength(1));
    expect(callsOf('Driver/UpdateDriverAccountProfile')[0]!.input).toEqual({
      bankAccountName: 'J Walker',
      bankSortCode: '65-43-21',
      bankAccountNumber: '12345678',
    });
  });

  it('saves changed personal details', async () => {
    renderScreen(<ProfilePage />);
    const form = (await screen.findByRole('textbox', { name: /Postcode/ })).closest('form')!;
    const save = within(form).getByRole('button', { name: 'Save details' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Postcode/ }), { target: { value: 'ZZ9 9ZZ' } });
    fireEvent.click(save);
    await waitFor(() => expect(callsOf('Driver/UpdateDriverPersonalProfile')).toHaveLength(1));
    expect(callsOf('Driver/UpdateDriverPersonalProfile')[0]!.input).toMatchObject({
      postcode: 'ZZ9 9ZZ',
      firstName: 'James',
    });
  });
});
