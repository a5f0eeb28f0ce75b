import type { Services } from '../../platform/services';
import { deliverOutboxMessage, MAX_ATTEMPTS, RETRY_DELAY_SECONDS, sweepOutbox } from './delivery';
import { SEND_OUTBOX } from './outbox';

export const SWEEP_OUTBOX = 'sweep-outbox';
export const DELIVERY_EXPIRES_SECONDS = 90;

/** The notification work of the job queue: delivering outbox messages and sweeping up stragglers. */
export function defineNotificationJobs(services: Services): void {
  services.jobs.define<{ id: number }>({
    name: SEND_OUTBOX,
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelaySeconds: RETRY_DELAY_SECONDS,
    // A delivery ends within its channel's time-outs (SMTP 60 s, SMS 15 s); one still taken after this
    // died with its process, and its message is sent soon after the restart instead of 15 minutes on.
    expireInSeconds: DELIVERY_EXPIRES_SECONDS,
    handler: (data) => deliverOutboxMessage(services, Number(data.id)),
  });
  services.jobs.define({
    name: SWEEP_OUTBOX,
    cron: '* * * * *',
    handler: async () => {
      await sweepOutbox(services);
    },
  });
}
