import { describe, expect, it } from 'vitest';
import { updateOf, valuesOf } from './settings-form';

const saved = {
  companyID: 1,
  companyShortName: 'HC',
  companyName: 'Harbour Cars',
  address: '',
  postcode: '',
  baseLatitude: 51.45,
  baseLongitude: -2.5966,
  timeZone: 'Europe/London',
  currency: 'GBP',
  isCompanyVatRegistered: true,
  vatRegistrationNumber: '',
  vatRateBp: 1750,
  vatPercentage: '17.50',
  dateFormat: 'd-m-Y' as const,
  imageUrl: null,
  mainLogo: '/branding/default/main.svg',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('company settings form', () => {
  it('sends the VAT rate as typed, never as a float', () => {
    const update = updateOf(valuesOf(saved), null);
    expect(update.vatPercentage).toBe('17.50');
    expect(update).not.toHaveProperty('companyImage');
  });

  it('clears the base when both coordinates are empty, and sends them together otherwise', () => {
    const values = { ...valuesOf(saved), baseLatitude: ' ', baseLongitude: '' };
    expect(updateOf(values, null)).toMatchObject({ baseLatitude: null, baseLongitude: null });
    const half = { ...valuesOf(saved), baseLongitude: '' };
    expect(updateOf(half, null)).toMatchObject({ baseLatitude: '51.45', baseLongitude: '' });
  });

  it('sends a chosen logo', () => {
    const image = { fileName: 'logo.png', mimeType: 'image/png', content: 'AAAA' };
    expect(updateOf(valuesOf(saved), image).companyImage).toEqual(image);
  });
});
