import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { inputSchemasOf } from '../../api/call-schema';
import { checkWith } from '../../kit/place-errors';
import {
  toFormValues,
  toInput,
  toUpdateInput,
  vehicleTitle,
  type Vehicle,
  type VehicleFormValues,
} from './form-values';

const inputSchemaOf = await inputSchemasOf('Vehicle/Create', 'Vehicle/Update');

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

/** What the form says: the add call's own rules on what it would send, placed on the form's fields. */
const validate = (values: VehicleFormValues) =>
  checkWith(inputSchemaOf('Vehicle/Create'), toInput(values), values).byField;

describe('vehicle form values', () => {
  it('start empty for a new vehicle and say what is required', () => {
    const errors = validate(toFormValues(null));
    expect(errors).toEqual({ registration: 'is required', vehicleTypeId: 'is required' });
  });

  it('round-trip a vehicle: a new one leaves empty numbers out, an update clears them', () => {
    expect(toInput(toFormValues(vehicle)).seats).toBeUndefined();
    const input = toUpdateInput(7, toFormValues(vehicle));
    expect(input).toMatchObject({ id: 7, registration: 'AB12 CDE', vehicleTypeId: 3, year: 2021, tagIds: [4] });
    expect(input.seats).toBeNull();
    expect(input.ownerDriverId).toBe(0);
    expect(validate(toFormValues(vehicle))).toEqual({});
    const cleared = schemas.vehicleUpdateInput.parse(
      toUpdateInput(7, { ...toFormValues(vehicle), year: '', vehicleClass: null, make: '' }),
    );
    expect(cleared).toMatchObject({ year: null, seats: null, vehicleClass: null, make: null, ownerDriverId: null });
    const noType = { ...toFormValues(vehicle), vehicleTypeId: null };
    expect(checkWith(inputSchemaOf('Vehicle/Update'), toUpdateInput(7, noType), noType).byField).toEqual({
      vehicleTypeId: 'is required',
    });
  });

  it('name the field of a number out of range', () => {
    const errors = validate({ ...toFormValues(vehicle), seats: 99 });
    expect(errors).toEqual({ seats: 'must be at most 60' });
  });

  it('title a vehicle by registration, make and model', () => {
    expect(vehicleTitle(vehicle)).toBe('AB12 CDE — Toyota Prius');
    expect(vehicleTitle({ registration: 'X1', make: null, model: null })).toBe('X1');
  });
});
