import type { Config } from '../../config';

/** What became of a message handed to a channel. */
export type Delivery = 'sent' | 'held';

/** Sends text messages. Throwing means "try again later"; the job queue retries with backoff. */
export interface SmsProvider {
  send(to: string, body: string): Promise<Delivery>;
}

/** The default: no provider, the message waits in the outbox where the office can read it. */
export class OutboxSmsProvider implements SmsProvider {
  async send(): Promise<Delivery> {
    return 'held';
  }
}

/**
 * A placeholder for a real gateway (SMS_PROVIDER=http): POSTs {from, to, body} as JSON with a bearer
 * token. Gateways differ; adapt the body to the one you use.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: { url: string; token: string | undefined; from: string }) {}

  async send(to: string, body: string): Promise<Delivery> {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify({ from: this.options.from, to, body }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status} ${response.statusText}`.trim());
    return 'sent';
  }
}

export function smsProviderFor(config: Pick<Config, 'sms'>): SmsProvider {
  return config.sms.provider === 'http' ? new HttpSmsProvider(config.sms) : new OutboxSmsProvider();
}
