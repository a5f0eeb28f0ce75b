import { SMTPServer } from 'smtp-server';
import { eventually } from './factories-notifications';
import { closeWhenFileEnds } from './file-end';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The text of a message as it arrived, quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (run: string) =>
    Buffer.from(
      run
        .split('=')
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );

/**
 * A real SMTP server on loopback that keeps what it receives, closed after the file. Tests give the
 * app `SMTP_URL: mailbox.url` and read the links out of the mail that arrives.
 */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = decoded(Buffer.concat(chunks).toString());
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  closeWhenFileEnds(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to this address (whose subject matches) that arrives, waiting for it. */
    mailTo: (address: string, subject?: RegExp) =>
      eventually(async () =>
        received.find((m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject))),
      ),
  };
}

/** The one-time link of a mail (its secret rides in the fragment). */
export function linkIn(mail: ReceivedMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+#token=([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no link in the mail:\n${mail.text}`);
  return { url: match[1], token: match[2] };
}
