import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { zodValidate } from '../../../ui/zodForm';
import {
  type BookingFormValues,
  emptyValues,
  errorsToForm,
  extraErrors,
  newStop,
  toInput,
  toUpdateInput,
  valuesFromBooking,
} from './form-values';

const booked = {
  id: 5,
  version: 1,
  isAsap: false,
  stops: [],
  clientReferences: [],
  passengerCount: 1,
  luggageCount: 0,
};

const validate = zodValidate(schemas.bookingFields);

function filled(patch: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...emptyValues(),
    stops: [
      newStop({ address: 'The Savoy, Strand', postcode: 'WC2R 0EZ', lat: 51.51, lng: -0.12 }),
      newStop({ address: 'Heathrow T5', knownLocationId: 3 }),
    ],
    pickupAt: '2030-05-01 09:30',
    vehicleTypeId: 2,
    ...patch,
  };
}

describe('booking form values', () => {
  it('sends a complete booking the contract accepts', () => {
    const input = toInput(filled({ price: '42.5', flightNumber: 'ba123', passengerId: 9 }), { isNew: true });
    expect(validate(input as never)).toEqual({});
    expect(input).toMatchObject({
      stops: [
        { address: 'The Savoy, Strand', postcode: 'WC2R 0EZ', lat: 51.51, lng: -0.12 },
        { address: 'Heathrow T5', knownLocationId: 3 },
      ],
      vehicleTypeId: 2,
      passengerId: 9,
      priceMinor: 4250,
      flightNumber: 'ba123',
      isAsap: false,
    });
    expect(input.pickupAt).toBe(new Date(2030, 4, 1, 9, 30).toISOString());
  });

  it('reads the pick-up on the company clock, not the browser one', () => {
    localStorage.setItem('timezone', 'Europe/Berlin');
    try {
      expect(toInput(filled({ pickupAt: '2030-11-27 16:30' }), { isNew: true }).pickupAt).toBe(
        '2030-11-27T15:30:00.000Z',
      );
      expect(valuesFromBooking({ ...booked, pickupAt: '2030-11-27T15:30:00.000Z' } as never).pickupAt).toBe(
        '2030-11-27 16:30',
      );
    } finally {
      localStorage.removeItem('timezone');
    }
  });

  it('never books midnight by accident: a day without a time is refused and not sent', () => {
    const dayOnly = filled({ pickupAt: '2030-05-01' });
    expect(extraErrors(dayOnly)).toEqual({ pickupAt: 'Choose the pick-up time' });
    expect(toInput(dayOnly, { isNew: true }).pickupAt).toBeUndefined();
    expect(extraErrors(filled({ pickupAt: '16:30' }))).toEqual({ pickupAt: 'Choose the pick-up day' });
  });

  it('leaves the time out when as soon as possible, and needs one otherwise', () => {
    expect(toInput(filled({ isAsap: true }), { isNew: true }).pickupAt).toBeUndefined();
    expect(extraErrors(filled({ pickupAt: null }))).toHaveProperty('pickupAt');
    expect(extraErrors(filled({ pickupAt: null, isAsap: true }))).not.toHaveProperty('pickupAt');
  });

  it('asks for a hire duration when only the pick-up is given', () => {
    const hourly = filled({ stops: [newStop({ address: 'The Savoy' })] });
    expect(extraErrors(hourly)).toHaveProperty('hireMinutes');
    expect(toInput({ ...hourly, hireMinutes: 120 }, { isNew: true })).toMatchObject({ hireMinutes: 120 });
    expect(toInput({ ...filled(), hireMinutes: 120 }, { isNew: true }).hireMinutes).toBeUndefined();
  });

  it('treats a drop-off at the pick-up as an hourly hire too', () => {
    const roundTrip = filled({
      stops: [newStop({ address: 'The Savoy, Strand' }), newStop({ address: ' the savoy,  strand' })],
    });
    expect(extraErrors(roundTrip)).toHaveProperty('hireMinutes');
    expect(toInput({ ...roundTrip, hireMinutes: 90 }, { isNew: true }).hireMinutes).toBe(90);
  });

  it('names an empty stop by its place in the list', () => {
    const input = toInput(filled({ stops: [newStop({ address: 'A' }), newStop(), newStop({ address: 'C' })] }), {
      isNew: true,
    });
    expect(errorsToForm(validate(input as never), input)).toEqual({ 'stops.1.address': 'is required' });
  });

  it('shows a price error on the price field, typed in whole units', () => {
    const input = toInput(filled({ price: '12,5x' }), { isNew: true });
    const errors = errorsToForm(validate(input as never), input);
    expect(Object.keys(errors)).toEqual(['price']);
  });

  it('puts server errors on client references beside the reference they concern', () => {
    const input = toInput(filled({ clientId: 4, clientReferences: { '11': 'PO-1', '12': 'CC-9' } }), { isNew: true });
    expect(input.clientReferences).toEqual([
      { referenceId: 11, value: 'PO-1' },
      { referenceId: 12, value: 'CC-9' },
    ]);
    expect(errorsToForm([{ field: 'clientReferences.1.value', message: 'is required' }], input)).toEqual({
      'clientReferences.12': 'is required',
    });
    expect(errorsToForm([{ field: 'priceMinor', message: 'must not be negative' }])).toEqual({
      price: 'must not be negative',
    });
  });

  it('sends a new passenger instead of a chosen one, and needs their names', () => {
    const input = toInput(
      filled({
        passengerMode: 'new',
        passengerId: 9,
        newPassenger: { firstName: 'Ada', surname: '', email: '', phone: '' },
      }),
      { isNew: true },
    );
    expect(input.passengerId).toBeUndefined();
    expect(input.newPassenger).toEqual({ firstName: 'Ada', surname: '' });
    expect(validate(input as never)).toEqual({ 'newPassenger.surname': 'is required' });
  });

  it('sends a repeat only on a new booking, with week days as numbers', () => {
    const values = filled({ repeatOn: true, repeat: { weekDays: ['1', '5'], endDate: '2030-06-30', everyWeeks: 1 } });
    expect(toInput(values, { isNew: true }).repeat).toEqual({ weekDays: [1, 5], endDate: '2030-06-30', everyWeeks: 1 });
    expect(toInput(values, { isNew: false }).repeat).toBeUndefined();
    expect(extraErrors({ ...values, repeat: { ...values.repeat, endDate: null } })).toHaveProperty('repeat.endDate');
  });

  it('clears on edit what the form emptied, since Update keeps what it is not sent', () => {
    const input = toUpdateInput(filled({ notesForDriver: '', flightNumber: '' }), { id: 5, version: 3 });
    expect(input).toMatchObject({
      id: 5,
      version: 3,
      clientId: null,
      bookerId: null,
      passengerId: null,
      hireMinutes: null,
      priceMinor: null,
      notesForDriver: '',
      flightNumber: '',
    });
    expect(schemas.bookingUpdateInput.safeParse(input).success).toBe(true);
  });
});
