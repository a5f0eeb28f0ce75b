import { pricingModelSchema, type PricingModel } from '@cabdesk/fare-engine';

/**
 * The tariff a new company starts with (and the rates bookings had before companies set their own):
 * £3.50 with a £6.00 minimum and £1.30 a kilometre, in minor units. docs/pricing.md lists it.
 */
export function startingStandardTariff(id: number, version: number, name = 'Standard tariff'): PricingModel {
  return pricingModelSchema.parse({
    kind: 'standard',
    id,
    version,
    name,
    baseFare: 350,
    mileageSteps: [{ fromKm: 0, ratePerKm: 130 }],
    minimumFare: 600,
  });
}

/** Hourly hires of a company with no hourly model: £35.00 an hour, at least one hour. */
export function startingHourlyTariff(id: number, version: number): PricingModel {
  return pricingModelSchema.parse({
    kind: 'hourly',
    id,
    version,
    name: 'Hourly hire',
    ratePerHour: 3500,
    minimumHours: 1,
  });
}
