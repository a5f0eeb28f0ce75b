import { type schemas } from '@cabdesk/contract';
import { payForJob, PayInputError } from '@cabdesk/pay-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { companyFacts } from '../company/facts';
import { modelOf, versionRules } from './rules';

type Ctx = CallContext<Session>;

/** DriverPayment/TryJob: the pay engine on a sample job, exactly as a real job of the model is paid. */
export async function tryJob(ctx: Ctx, input: z.output<typeof schemas.tryJobInput>) {
  const model = await modelOf(ctx, input.DriverPaymentID);
  const rules = await versionRules(ctx, model.id, input.version ?? model.currentVersion);
  if (!rules) {
    if (input.version != null) throw fieldError('version', `version ${input.version} of this model was not found`);
    throw conflict(`Driver payment model ${model.name} has no rules yet: give it a basis first.`);
  }
  const { timezone, currency } = await companyFacts(ctx);
  const { DriverPaymentID: _model, version: _version, ...job } = input;
  try {
    return payForJob({ ...job, bookingId: 1 }, rules, { timeZone: timezone, currency });
  } catch (error) {
    if (error instanceof PayInputError) {
      const first = error.errors[0];
      throw fieldError(first?.field ?? 'fare', first?.message ?? error.message);
    }
    throw error;
  }
}
