import { describe, expect, it } from 'vitest';
import { inputSchemasOf } from '../../api/call-schema';
import { checkWith } from '../../kit/place-errors';
import {
  emptyPassenger,
  type PassengerFormValues,
  toCreateInput,
  toUpdateInput,
  valuesOf,
  type Passenger,
} from './passengerForm';

const inputSchemaOf = await inputSchemasOf('Passenger/Create');

/** What the add form says as people type: the create call's own rules on what it would send. */
const validatePassenger = (values: PassengerFormValues) =>
  checkWith(inputSchemaOf('Passenger/Create'), toCreateInput(values), values).byField;

const row: Passenger = {
  id: 7,
  title: null,
  firstName: 'Ann',
  surname: 'Baker',
  name: 'Ann Baker',
  email: 'ann@example.test',
  phone: null,
  mobile: '07700 900100',
  isVip: true,
  clientId: null,
  clientName: null,
  isActive: true,
  hasAppAccount: false,
  tags: [{ id: 3, name: 'Frequent flyer', colour: '#1971c2' }],
  photoUrl: null,
  totalBookings: 0,
  lastBookingAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the passenger form', () => {
  it('asks for a name and one way to reach the passenger, in the server’s words', () => {
    expect(validatePassenger(emptyPassenger())).toEqual({
      firstName: 'is required',
      surname: 'is required',
      email: 'is required when there is no phone or mobile number',
    });
    expect(validatePassenger({ ...emptyPassenger(), firstName: 'Ann', surname: 'Baker' })).toEqual({
      email: 'is required when there is no phone or mobile number',
    });
    expect(validatePassenger({ ...emptyPassenger(), firstName: 'A', surname: 'B', phone: '12' })).toMatchObject({
      phone: expect.stringMatching(/^must be a phone number/),
    });
    expect(validatePassenger({ ...emptyPassenger(), firstName: 'A', surname: 'B', mobile: '07700 900100' })).toEqual(
      {},
    );
  });

  it('turns "no client" into the 0 the API takes, and leaves the notes out of an edit', () => {
    expect(toCreateInput(emptyPassenger()).clientId).toBe(0);
    const values = valuesOf(row);
    expect(values).toMatchObject({ title: '', phone: '', tagIds: [3], clientId: null });
    const input = toUpdateInput(7, values);
    expect(input).toMatchObject({ id: 7, clientId: 0, email: 'ann@example.test', phone: '' });
    expect(input).not.toHaveProperty('notes');
  });
});
