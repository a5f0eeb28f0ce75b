import { describe, expect, it } from 'vitest';
import { schemas } from '@cabdesk/contract';
import { type DriverProfile, toCreateInput, toFormValues, toUpdateInput } from './form-values';

const profile = {
  id: 7,
  firstName: 'Amira',
  lastName: 'Khan',
  callsign: 'A12',
  email: null,
  phone: '+44 7700 900123',
  tags: [{ id: 3, name: 'Airport', colour: '#228be6' }],
  bankAccountNumberLast4: '5678',
  isActive: false,
} as unknown as DriverProfile;

describe('driver form values', () => {
  it('start a new driver active, joined today, with no app account', () => {
    const v = toFormValues(null);
    expect(v.isActive).toBe(true);
    expect(v.dateJoined).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const input = toCreateInput({ ...v, firstName: 'A', lastName: 'B' });
    expect(input).not.toHaveProperty('appEmail');
    expect(schemas.driverCreateInput.safeParse(input).success).toBe(true);
  });

  it('asks for the password once an app e-mail is typed', () => {
    const input = toCreateInput({ ...toFormValues(null), firstName: 'A', lastName: 'B', appEmail: 'a@b.test' });
    const parsed = schemas.driverCreateInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['appPassword']);
  });

  it('edit an existing driver without touching the unknown account number', () => {
    const v = toFormValues(profile);
    expect(v).toMatchObject({ email: '', tagIds: [3], isActive: false, bankAccountNumber: '' });
    const input = toUpdateInput(7, v);
    expect(input).not.toHaveProperty('bankAccountNumber');
    expect(input).not.toHaveProperty('appEmail');
    const parsed = schemas.driverUpdateInput.parse(input);
    expect(parsed).toMatchObject({ id: 7, email: null, callsign: 'A12', tagIds: [3] });
    expect(toUpdateInput(7, { ...v, bankAccountNumber: '1234 5678' })).toHaveProperty('bankAccountNumber');
  });
});
