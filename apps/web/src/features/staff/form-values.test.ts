import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { zodValidate } from '../../ui/zodForm';
import { toCreateInput, toFormValues, toUpdateInput, type StaffMember } from './form-values';

const member: StaffMember = {
  id: 5,
  firstName: 'Maya',
  lastName: 'Patel',
  name: 'Maya Patel',
  email: null,
  phone: '020 7946 0000',
  address: null,
  postcode: null,
  dateOfBirth: null,
  startDate: '2024-01-15',
  staffRoleId: 2,
  staffRoleName: 'Dispatcher',
  notes: null,
  isActive: true,
  hasAccount: false,
  userId: null,
  accountEmail: null,
  lastSignInAt: null,
  photoUrl: null,
};

const validateCreate = zodValidate(schemas.staffCreateInput);
const validateUpdate = zodValidate(schemas.staffUpdateInput);

describe('staff form values', () => {
  it('start a new member today and say what is required', () => {
    const values = toFormValues(null);
    expect(values.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(validateCreate(toCreateInput(values) as never)).toEqual({
      firstName: 'is required',
      lastName: 'is required',
      staffRoleId: 'is required',
    });
  });

  it('send empty optional fields as empty, which the rules accept', () => {
    const input = toUpdateInput(5, toFormValues(member));
    expect(input).toMatchObject({ id: 5, email: '', dateOfBirth: '', startDate: '2024-01-15', staffRoleId: 2 });
    expect(validateUpdate(input as never)).toEqual({});
    const noRole = toUpdateInput(5, { ...toFormValues(member), staffRoleId: null });
    expect(validateUpdate(noRole as never)).toEqual({ staffRoleId: 'is required' });
  });

  it('open an account only when its fields were filled, and then need both', () => {
    const plain = toCreateInput({ ...toFormValues(member) });
    expect('accountEmail' in plain).toBe(false);
    const half = toCreateInput({ ...toFormValues(member), accountEmail: 'maya@office.test' });
    expect(validateCreate(half as never)).toEqual({ accountPassword: 'is required to open an account' });
  });
});
