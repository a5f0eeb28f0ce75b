import type { Services } from '../../platform/services';
import { PASSWORD_RESET_JOB, sendPasswordResetMail } from './password-reset';

/** The account work of the job queue: a forgotten-password mail, written away from the request. */
export function defineAccountJobs(services: Services): void {
  services.jobs.define<{ companyId: number; email: string }>({
    name: PASSWORD_RESET_JOB,
    retryLimit: 2,
    retryDelaySeconds: 10,
    handler: (data) => sendPasswordResetMail(services, Number(data.companyId), String(data.email)),
  });
}
