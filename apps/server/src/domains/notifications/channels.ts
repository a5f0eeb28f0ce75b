import nodemailer, { type Transporter } from 'nodemailer';
import type { Services } from '../../platform/services';
import { type Delivery, type SmsProvider, smsProviderFor } from './sms';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The company's sender, when it set one (EmailSettings). */
  from?: string;
  /** Blind copies the company asked for (EmailSettings copyUserIds). */
  bcc?: string[];
  /** The same message in the company's look (mail-look.ts), with its inline logo. */
  html?: string;
  attachments?: (
    { filename: string; path: string; cid: string } | { filename: string; content: Buffer; contentType: string }
  )[];
}

/** Sends e-mail over SMTP_URL; without it the message is held in the outbox. */
export interface MailChannel {
  send(message: MailMessage): Promise<Delivery>;
}

/**
 * Time-outs bounded under the delivery job's expiry (jobs.ts), so a hung mail server never outlives
 * the job; nodemailer reads them from the address's query, where an operator's own values win.
 */
function withTimeouts(url: string): string {
  const address = new URL(url);
  const limits = { connectionTimeout: '20000', greetingTimeout: '20000', socketTimeout: '45000' };
  for (const [key, value] of Object.entries(limits)) {
    if (!address.searchParams.has(key)) address.searchParams.set(key, value);
  }
  return address.toString();
}

class SmtpMail implements MailChannel {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(withTimeouts(url));
  }

  async send(message: MailMessage): Promise<Delivery> {
    await this.transport.sendMail({ from: this.from, ...message });
    return 'sent';
  }

  close(): void {
    this.transport.close();
  }
}

const heldMail: MailChannel = { send: async () => 'held' };

export interface Channels {
  mail: MailChannel;
  sms: SmsProvider;
}

// One transport per app: connections are pooled and the configuration does not change while it runs.
const built = new WeakMap<Services, Channels>();

export function channelsOf(services: Services): Channels {
  let channels = built.get(services);
  if (!channels) {
    const { smtpUrl, mailFrom } = services.config;
    channels = { mail: smtpUrl ? new SmtpMail(smtpUrl, mailFrom) : heldMail, sms: smsProviderFor(services.config) };
    built.set(services, channels);
  }
  return channels;
}

/** Closes the SMTP connections of an app that stops. */
export function closeChannels(services: Services): void {
  const mail = built.get(services)?.mail;
  if (mail instanceof SmtpMail) mail.close();
  built.delete(services);
}
