import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { zodValidate } from '../../ui/zodForm';
import { toFormValues, toInput, toUpdateInput, vehicleTitle, type Vehicle } from './form-values';

const vehicle: Vehicle = {
  id: 7,
  registration: 'AB12 CDE',
  make: 'Toyota',
  model: 'Prius',
  colour: null,
  year: 2021,
  seats: null,
  vehicleClass: 'electric',
  vehicleTypeId: 3,
  vehicleTypeName: 'Saloon',
  ownerDriverId: null,
  ownerDriverName: null,
  notes: null,
  isActive: true,
  tags: [{ id: 4, name: 'Electric', colour: '#0ca678' }],
  documentState: 'valid',
  createdAt: '2024-01-01T00:00:00.000Z',
};

const validate = zodValidate(schemas.vehicleFields);

describe('vehicle form values', () => {
  it('start empty for a new vehicle and say what is required', () => {
    const errors = validate(toInput(toFormValues(null)) as never);
    expect(errors).toEqual({ registration: 'is required', vehicleTypeId: 'is required' });
  });

  it('round-trip a vehicle: a new one leaves empty numbers out, an update clears them', () => {
    expect(toInput(toFormValues(vehicle)).seats).toBeUndefined();
    const input = toUpdateInput(7, toFormValues(vehicle));
    expect(input).toMatchObject({ id: 7, registration: 'AB12 CDE', vehicleTypeId: 3, year: 2021, tagIds: [4] });
    expect(input.seats).toBeNull();
    expect(input.ownerDriverId).toBe(0);
    expect(validate(toInput(toFormValues(vehicle)) as never)).toEqual({});
    const cleared = schemas.vehicleUpdateInput.parse(
      toUpdateInput(7, { ...toFormValues(vehicle), year: '', vehicleClass: null, make: '' }),
    );
    expect(cleared).toMatchObject({ year: null, seats: null, vehicleClass: null, make: null, ownerDriverId: null });
    expect(zodValidate(schemas.vehicleUpdateInput)({ ...input, vehicleTypeId: '' } as never)).toEqual({
      vehicleTypeId: 'is required',
    });
  });

  it('name the field of a number out of range', () => {
    const errors = validate(toInput({ ...toFormValues(vehicle), seats: 99 }) as never);
    expect(errors).toEqual({ seats: 'must be at most 60' });
  });

  it('title a vehicle by registration, make and model', () => {
    expect(vehicleTitle(vehicle)).toBe('AB12 CDE — Toyota Prius');
    expect(vehicleTitle({ registration: 'X1', make: null, model: null })).toBe('X1');
  });
});
