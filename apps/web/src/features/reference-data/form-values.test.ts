import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { bpToPercentText, errorOf, isSaved, toFormValues, toPayload, validateForm } from './form-values';
import { discountCodes, expenseTypes } from './registers/money';
import { knownLocations, exclusions, zones } from './registers/places';
import { driverTypes } from './registers/people';

describe('form values from a row and back', () => {
  it('shows money in whole units and sends minor units', () => {
    const row = { id: 3, name: 'Parking', taxId: 2, defaultAmountMinor: 1250, isActive: true };
    const values = toFormValues(expenseTypes, row);
    expect(values.defaultAmountMinor).toBe('12.50');
    expect(values.taxId).toBe(2);
    expect(toPayload(expenseTypes, { ...values, defaultAmountMinor: '7,5' })).toMatchObject({
      name: 'Parking',
      taxId: 2,
      defaultAmountMinor: 750,
    });
  });

  it('leaves out empty optional inputs, so the server stores none', () => {
    const values = toFormValues(expenseTypes, null);
    expect(values).toMatchObject({ name: '', taxId: null, defaultAmountMinor: '', isAvailableInDriverApp: true });
    const payload = toPayload(expenseTypes, values);
    expect(payload).not.toHaveProperty('taxId');
    expect(payload).not.toHaveProperty('defaultAmountMinor');
    expect(payload).toMatchObject({ requiresReceipt: false, isActive: true });
  });

  it('starts a new row with the definition’s defaults', () => {
    expect(toFormValues(driverTypes, null)).toEqual({ name: '', defaultPaymentModelId: null, isActive: true });
    expect(toFormValues(zones, null)).toMatchObject({ colour: '#1c7ed6', polygon: [], priority: 0 });
    expect(toFormValues(discountCodes, null)).toMatchObject({ discountType: 'percent', percentBp: '', validTo: null });
  });

  it('turns percentages into basis points and sends only the value the discount type uses', () => {
    const row = {
      id: 1,
      code: 'SPRING',
      description: null,
      discountType: 'percent',
      percentBp: 1250,
      amountMinor: null,
      validFrom: '2026-03-01',
      validTo: null,
      maxUses: null,
      usedCount: 0,
      isActive: true,
    };
    const values = toFormValues(discountCodes, row);
    expect(values).toMatchObject({ percentBp: '12.5', amountMinor: '', validFrom: '2026-03-01', description: '' });
    expect(toPayload(discountCodes, values)).toEqual({
      code: 'SPRING',
      discountType: 'percent',
      percentBp: 1250,
      description: '',
      validFrom: '2026-03-01',
      isActive: true,
    });
    const asAmount = toPayload(discountCodes, { ...values, discountType: 'amount', amountMinor: '5' });
    expect(asAmount).toMatchObject({ discountType: 'amount', amountMinor: 500 });
    expect(asAmount).not.toHaveProperty('percentBp');
    expect(bpToPercentText(1000)).toBe('10');
    expect(bpToPercentText(5)).toBe('0.05');
  });

  it('keeps a polygon as points and a position as numbers', () => {
    const polygon: [number, number][] = [
      [51.5, -0.1],
      [51.6, -0.1],
      [51.55, 0],
    ];
    const values = toFormValues(zones, { id: 1, name: 'Centre', colour: '#1c7ed6', polygon, priority: 0 });
    expect(values.polygon).toEqual(polygon);
    expect(values.polygon).not.toBe(polygon);
    const place = toPayload(knownLocations, {
      ...toFormValues(knownLocations, null),
      name: 'Gatwick',
      address: 'Gatwick Airport',
      lat: '51.1561',
      lng: -0.1613,
    });
    expect(place).toMatchObject({ lat: 51.1561, lng: -0.1613, locationType: 'other' });
  });
});

describe('validation as you type', () => {
  it('speaks the contract’s words, and says how money must look', () => {
    const values = { ...toFormValues(expenseTypes, null), defaultAmountMinor: '12.345' };
    expect(validateForm(expenseTypes, values)).toEqual({
      name: 'is required',
      defaultAmountMinor: 'must be an amount like 12.50',
    });
    expect(validateForm(expenseTypes, { ...values, name: 'Tolls', defaultAmountMinor: '-1' })).toEqual({
      defaultAmountMinor: 'must not be negative',
    });
    expect(validateForm(expenseTypes, { ...values, name: 'Tolls', defaultAmountMinor: '3' })).toEqual({});
  });

  it('checks the fields that depend on each other', () => {
    const exclusion = { ...toFormValues(exclusions, null), name: 'Christmas', startDate: '2026-12-26' };
    expect(validateForm(exclusions, { ...exclusion, endDate: '2026-12-25' })).toEqual({
      endDate: 'must be on or after the start date',
    });
    expect(validateForm(exclusions, { ...exclusion, endDate: '2026-12-26' })).toEqual({});
    const code = { ...toFormValues(discountCodes, null), code: 'spring10' };
    expect(validateForm(discountCodes, code)).toEqual({ percentBp: 'is required for a percentage discount' });
    expect(validateForm(discountCodes, { ...code, percentBp: '150' })).toEqual({ percentBp: 'must be at most 10000' });
    expect(validateForm(zones, { ...toFormValues(zones, null), name: 'A', polygon: [[51, 0]] })).toEqual({
      polygon: 'needs at least three points',
    });
  });

  it('validates with the same schema the server parses', () => {
    expect(expenseTypes.schema).toBe(schemas.bookingExpenseTypeFields);
  });
});

describe('saved or not', () => {
  it('counts only code 200 as saved (spec 000 §4)', () => {
    expect(isSaved({ code: 200, message: 'Zone added.', data: { id: 1 } })).toBe(true);
    expect(isSaved({ code: 409, message: 'No' })).toBe(false);
    expect(isSaved({ data: {} })).toBe(false);
    expect(isSaved(null)).toBe(false);
  });

  it('finds the error of a field or of one of its parts', () => {
    expect(errorOf({ name: 'is required' }, 'name')).toBe('is required');
    expect(errorOf({ 'polygon.2.0': 'must be a latitude' }, 'polygon')).toBe('2.0: must be a latitude');
    expect(errorOf({ endDate: 'must be on or after the start date' }, 'startDate', 'endDate')).toBe(
      'must be on or after the start date',
    );
    expect(errorOf({}, 'name')).toBeUndefined();
  });
});
