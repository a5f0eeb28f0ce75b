import { describe, expect, it } from 'vitest';
import { inputSchemasOf } from '../../api/call-schema';
import { checkWith } from '../../kit/place-errors';
import { type StaffFormValues, toCreateInput, toFormValues, toUpdateInput, type StaffMember } from './form-values';

const inputSchemaOf = await inputSchemasOf('Staff/Create', 'Staff/Update');

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

/** What the form says: the call's own rules on what it would send, placed on the form's fields. */
const validateCreate = (values: StaffFormValues) =>
  checkWith(inputSchemaOf('Staff/Create'), toCreateInput(values), values).byField;
const validateUpdate = (values: StaffFormValues) =>
  checkWith(inputSchemaOf('Staff/Update'), toUpdateInput(5, values), values).byField;

describe('staff form values', () => {
  it('start a new member today and say what is required', () => {
    const values = toFormValues(null);
    expect(values.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(validateCreate(values)).toEqual({
      firstName: 'is required',
      lastName: 'is required',
      staffRoleId: 'is required',
    });
  });

  it('send empty optional fields as empty, which the rules accept', () => {
    const input = toUpdateInput(5, toFormValues(member));
    expect(input).toMatchObject({ id: 5, email: '', dateOfBirth: '', startDate: '2024-01-15', staffRoleId: 2 });
    expect(validateUpdate(toFormValues(member))).toEqual({});
    expect(validateUpdate({ ...toFormValues(member), staffRoleId: null })).toEqual({ staffRoleId: 'is required' });
  });

  it('open an account only when its fields were filled, and then need both', () => {
    const plain = toCreateInput({ ...toFormValues(member) });
    expect('accountEmail' in plain).toBe(false);
    expect(validateCreate({ ...toFormValues(member), accountEmail: 'maya@office.test' })).toEqual({
      accountPassword: 'is required to open an account',
    });
  });
});
