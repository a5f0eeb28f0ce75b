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

  it('round-trip a vehicle, leaving empty numbers out', () => {
    const input = toUpdateInput(7, toFormValues(vehicle));
    expect(input).toMatchObject({ id: 7, registration: 'AB12 CDE', vehicleTypeId: 3, year: 2021, tagIds: [4] });
    expect(input.seats).toBeUndefined();
    expect(input.ownerDriverId).toBe(0);
    expect(validate(toInput(toFormValues(vehicle)) as never)).toEqual({});
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
