import { localTime, type LocalTime } from '@cabdesk/fare-engine';
import { assertMinor, MoneyRangeError } from '@cabdesk/money';
import { commissionItems, fixedItem, hourlyItem, mileageItems, type Pricing } from './basis-items';
import { commissionOf, compiledPayModel, type CompiledPayModel } from './compile';
import { PayInputError } from './errors';
import { moneyText } from './money-text';
import type { JobPay, PaidVia, PayConsidered, PayItem, PayOptions } from './pay-types';
import { peakItem } from './peak';
import { clientRuleFor, vehicleOverrideFor } from './precedence';
import { type DriverPayModelInput, type PayBasis, type PayJob, type PayJobInput, payJobSchema } from './schemas';

/**
 * A driver's pay for one job under one version of a pay model: a pure function (no clock, no I/O).
 * `model` may be the plain model (validated and indexed once per object) or `compilePayModel`'s
 * answer. Throws a PayInputError naming the field for a job, a model or options it cannot pay with.
 * The precedence and the order of application are in docs/driver-pay.md.
 */
export function payForJob(
  jobInput: PayJobInput,
  modelInput: DriverPayModelInput | CompiledPayModel,
  options: PayOptions,
): JobPay {
  const model = compiledPayModel(modelInput);
  const job = readJob(jobInput);
  const pricing: Pricing = { mode: options.rounding ?? 'half-up', money: readCurrency(options.currency) };
  const local = readLocal(job, options.timeZone);
  try {
    return payOnce(job, model, local, pricing);
  } catch (error) {
    if (error instanceof MoneyRangeError) {
      throw PayInputError.field('distanceKm', 'gives a pay beyond the range of whole minor units');
    }
    throw error;
  }
}

function payOnce(job: PayJob, model: CompiledPayModel, local: LocalTime, p: Pricing): JobPay {
  const considered: PayConsidered[] = [];
  let items: PayItem[];
  let basis: PayBasis | 'none';
  let via: PaidVia = 'model';
  let ruleId: number | null = null;

  // (1) a client rule, (2) a vehicle override, (3) the model's basis: the first that has a say pays.
  const client = clientRuleFor(job, model, considered);
  const override = vehicleOverrideFor(job, model, considered, client ? 'a client rule pays the job first' : null);
  const rule = client ?? override;
  if (rule) {
    via = client ? 'clientRule' : 'vehicleOverride';
    ruleId = rule.rule.id;
    if (rule.rule.commissionPercent != null) {
      basis = 'commission';
      items = commissionItems(job, commissionOf(rule.rule.commissionPercent), rule.where, p);
    } else {
      basis = 'fixed';
      items = [fixedItem(rule.rule.fixedPerJob as number, rule.where)];
    }
    considered.push({
      kind: 'basis',
      id: model.model.id,
      matched: false,
      why: `not needed: the ${client ? 'client rule' : 'vehicle override'} pays the job first`,
    });
  } else {
    ({ items, basis } = byBasis(job, model, p));
    considered.push({
      kind: 'basis',
      id: model.model.id,
      matched: true,
      why:
        basis === 'none'
          ? (items[0]?.detail ?? 'the model does not pay this job')
          : `pays the job by ${basis} (model ${model.model.id}, version ${model.model.version})`,
    });
  }

  // (4) one peak at most, on whatever the steps above paid; a job the model does not pay takes none.
  let amount = sum(items);
  const peak = peakItem(model, local, amount, p, considered, basis === 'none' ? 'the job is not paid' : null);
  if (peak) {
    items.push(peak);
    amount += peak.amount;
  }
  return {
    amount: assertMinor(amount, 'the pay'),
    modelId: model.model.id,
    version: model.model.version,
    basis,
    via,
    ruleId,
    items,
    considered,
    pickupLocal: local.dateTime,
  };
}

/** Step 3: the model's own basis. */
function byBasis(job: PayJob, model: CompiledPayModel, p: Pricing): { items: PayItem[]; basis: PayBasis | 'none' } {
  const m = model.model;
  const where = `model ${m.name}`;
  switch (m.basis) {
    case 'commission': {
      const c = model.commission?.[job.paymentMethod];
      if (!c) return notPaid('the model has no commission'); // the schema requires it: never reached
      return { items: commissionItems(job, c, `${where}, ${job.paymentMethod} jobs`, p), basis: 'commission' };
    }
    case 'mileage': {
      const own = job.vehicleTypeId != null ? model.vehicleTypeMileage.get(job.vehicleTypeId) : undefined;
      const table = own ?? model.mileage;
      if (!table) return notPaid('the model has no mileage'); // the schema requires it: never reached
      const car = job.ownCar ? 'own car' : 'company car';
      const source = own ? `vehicle type ${job.vehicleTypeId}'s mileage` : where;
      return {
        items: mileageItems(job, job.ownCar ? table.ownCar : table.companyCar, `${source}, ${car}`, p),
        basis: 'mileage',
      };
    }
    case 'fixed':
      return { items: [fixedItem(m.fixedPerJob as number, `${where}: a fixed amount per job`)], basis: 'fixed' };
    case 'hourly': {
      const hourly = m.hourly;
      if (!hourly) return notPaid('the model has no hourly rate'); // the schema requires it: never reached
      if (job.hourlyHire) {
        return { items: [hourlyItem(job, hourly.ratePerHour, hourly.minimumMinutes, p)], basis: 'hourly' };
      }
      // An hourly model's drivers also do ordinary jobs: its commission pays those, if it has one.
      const c = model.commission?.[job.paymentMethod];
      if (c) {
        return {
          items: commissionItems(job, c, `${where}: not an hourly hire, so by the model's commission`, p),
          basis: 'commission',
        };
      }
      return notPaid('an hourly model pays hourly hires only, and this one has no commission for other jobs');
    }
  }
}

function notPaid(why: string): { items: PayItem[]; basis: 'none' } {
  return { items: [{ code: 'notPaid', label: 'Not paid', amount: 0, detail: why }], basis: 'none' };
}

function sum(items: readonly PayItem[]): number {
  let total = 0;
  for (const item of items) total += item.amount;
  return total;
}

function readJob(input: PayJobInput): PayJob {
  const parsed = payJobSchema.safeParse(input);
  if (!parsed.success) throw PayInputError.fromZod(parsed.error, 'the job cannot be paid');
  return parsed.data;
}

function readLocal(job: PayJob, timeZone: string): LocalTime {
  try {
    return localTime(new Date(job.pickupAt), timeZone);
  } catch {
    throw PayInputError.field('timeZone', 'must be a time zone such as Europe/London');
  }
}

function readCurrency(currency: string | undefined): (minor: number) => string {
  try {
    return moneyText(currency);
  } catch {
    throw PayInputError.field('currency', 'must be a currency code such as GBP');
  }
}
