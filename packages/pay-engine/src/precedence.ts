import type { AppliesTo, CompiledPayModel } from './compile';
import type { PayConsidered } from './pay-types';
import type { ClientPayRule, PayJob, PayMethod, VehicleOverride } from './schemas';

/*
 * Steps (1) and (2) of docs/driver-pay.md: which client rule or vehicle override, if any, pays the
 * job, with a `considered` line for every rule looked at and why it did or did not pay.
 */

/** The rules a job's payment method takes, most specific first: an account job takes only 'all'. */
export function appliesOrder(method: PayMethod): AppliesTo[] {
  return method === 'account' ? ['all'] : [method, 'all'];
}

const jobsWords: Record<AppliesTo, string> = { all: 'all jobs', cash: 'cash jobs', card: 'card jobs' };

export interface Decided<T> {
  rule: T;
  /** Words for the breakdown's details: "client 12's rule 4 for cash jobs". */
  where: string;
}

/** Picks the first rule of `rules` the job takes and writes a line for each of them. */
function pick<T extends { id: number; appliesTo: AppliesTo }>(
  rules: Map<AppliesTo, T>,
  owner: string,
  method: PayMethod,
  kind: PayConsidered['kind'],
  considered: PayConsidered[],
  already: string | null,
): Decided<T> | null {
  const order = appliesOrder(method);
  let found: Decided<T> | null = null;
  for (const appliesTo of order) {
    const rule = rules.get(appliesTo);
    if (!rule) continue;
    const where = `${owner}'s rule ${rule.id} for ${jobsWords[appliesTo]}`;
    if (already || found) {
      considered.push({
        kind,
        id: rule.id,
        matched: false,
        why: `not needed: ${already ?? `the rule for ${jobsWords[found?.rule.appliesTo ?? 'all']} comes first`}`,
      });
    } else {
      found = { rule, where };
      considered.push({ kind, id: rule.id, matched: true, why: `pays the job: ${where}` });
    }
  }
  for (const [appliesTo, rule] of rules) {
    if (order.includes(appliesTo)) continue;
    considered.push({
      kind,
      id: rule.id,
      matched: false,
      why: `${owner}'s rule is for ${jobsWords[appliesTo]}; this is a ${method} job`,
    });
  }
  return found;
}

/** Step 1: the client's rule for the job's payment method, else its rule for all jobs. */
export function clientRuleFor(
  job: PayJob,
  model: CompiledPayModel,
  considered: PayConsidered[],
): Decided<ClientPayRule> | null {
  if (job.clientId == null) {
    considered.push({ kind: 'clientRule', id: null, matched: false, why: 'the job has no client' });
    return null;
  }
  const rules = model.clientRules.get(job.clientId);
  if (!rules) {
    considered.push({
      kind: 'clientRule',
      id: null,
      matched: false,
      why: `client ${job.clientId} has no pay rule in this model`,
    });
    return null;
  }
  return pick(rules, `client ${job.clientId}`, job.paymentMethod, 'clientRule', considered, null);
}

/** Step 2: the vehicle's override before its vehicle type's, each for the payment method before 'all'. */
export function vehicleOverrideFor(
  job: PayJob,
  model: CompiledPayModel,
  considered: PayConsidered[],
  already: string | null,
): Decided<VehicleOverride> | null {
  const ofVehicle = job.vehicleId != null ? model.vehicleOverrides.get(job.vehicleId) : undefined;
  const ofType = job.vehicleTypeId != null ? model.vehicleTypeOverrides.get(job.vehicleTypeId) : undefined;
  if (!ofVehicle && !ofType) {
    const what = [
      job.vehicleId != null ? `vehicle ${job.vehicleId}` : null,
      job.vehicleTypeId != null ? `vehicle type ${job.vehicleTypeId}` : null,
    ].filter(Boolean);
    considered.push({
      kind: 'vehicleOverride',
      id: null,
      matched: false,
      why: what.length ? `no override for ${what.join(' or ')}` : 'the job has no vehicle',
    });
    return null;
  }
  let found: Decided<VehicleOverride> | null = null;
  if (ofVehicle) {
    found = pick(ofVehicle, `vehicle ${job.vehicleId}`, job.paymentMethod, 'vehicleOverride', considered, already);
  }
  if (ofType) {
    const before = already ?? (found ? `vehicle ${job.vehicleId}'s own override comes first` : null);
    const byType = pick(
      ofType,
      `vehicle type ${job.vehicleTypeId}`,
      job.paymentMethod,
      'vehicleOverride',
      considered,
      before,
    );
    found = found ?? byType;
  }
  return found;
}
