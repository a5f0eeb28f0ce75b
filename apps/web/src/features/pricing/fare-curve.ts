import { compileRules, type PricingModel, PricingInputError, quote } from '@cabdesk/fare-engine';
import { type ModelFormValues, toModel } from './model-form';

/** The distances the curve is drawn for, and the few its table of prices lists. */
export const CURVE_KM = Array.from({ length: 100 }, (_, i) => i + 1);
export const TABLE_KM = [5, 10, 25, 50, 100] as const;
/** Minutes of driving per kilometre the curve assumes for a rate per minute (30 km/h). */
export const MINUTES_PER_KM = 2;

export interface CurvePoint {
  km: number;
  /** The price in minor units; null where the engine could not price it. */
  price: number | null;
}

export interface Curve {
  points: CurvePoint[];
  /** The first field the engine refused, as a path of the model (`mileageSteps.2.fromKm`), and why. */
  problem: { field: string; message: string } | null;
  /** The kind draws no distance curve (zone, fixed and hourly models price otherwise). */
  notDistance: boolean;
}

const MODEL_ID = 1;

export interface CurveSettings {
  currency: string;
  timeZone: string;
  /** When the journeys are picked up (peaks apply by it). */
  pickupAt: string;
  /** A vehicle model's curve for one vehicle type; the standard tariff without. */
  vehicleTypeId?: number | null;
}

/**
 * The price of 1–100 km under the model the form stands for, computed in the browser by the fare
 * engine itself (`quote` under this one model, as the company default of rules that hold only it).
 * A form the engine refuses draws nothing and names the first field it refused, with its message.
 */
export function curveOf(values: ModelFormValues, settings: CurveSettings): Curve {
  const none = (problem: Curve['problem'], notDistance = false): Curve => ({
    points: CURVE_KM.map((km) => ({ km, price: null })),
    problem,
    notDistance,
  });
  if (values.kind !== 'standard' && values.kind !== 'vehicle') return none(null, true);
  // The name does not change a price: a model not yet named still draws.
  const model = { ...toModel(values), name: values.name.trim() || 'model', id: MODEL_ID, version: 1 } as PricingModel;
  let rules;
  try {
    rules = compileRules({
      currency: settings.currency,
      timeZone: settings.timeZone,
      vat: { mode: 'inclusive', ratePercent: '0' },
      models: [model],
      defaultModelId: MODEL_ID,
    });
  } catch (error) {
    if (error instanceof PricingInputError) {
      const first = error.errors[0];
      return none({
        field: (first?.field ?? '').replace(/^models\.0\./, ''),
        message: first?.message ?? error.message,
      });
    }
    throw error;
  }
  const points = CURVE_KM.map((km) => {
    try {
      const q = quote(
        {
          distanceMetres: km * 1000,
          durationSeconds: km * MINUTES_PER_KM * 60,
          vehicleTypeId: settings.vehicleTypeId ?? null,
        },
        rules,
        settings.pickupAt,
        { modelId: MODEL_ID },
      );
      return { km, price: q.price };
    } catch (error) {
      if (error instanceof PricingInputError) return { km, price: null };
      throw error;
    }
  });
  return { points, problem: null, notDistance: false };
}
