import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { journeyServer } from './server';

export interface Attachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface ArrivedMail {
  to: string;
  subject: string;
  /** The text parts, decoded. */
  text: string;
  attachments: Attachment[];
}

const headerOf = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';

const paramOf = (header: string, name: string) =>
  new RegExp(`${name}\\*?=\\s*"?([^";]+)"?`, 'i').exec(header)?.[1]?.trim() ?? '';

/** The message is read byte for byte (latin1), so every part decodes to its own bytes. */
function decodeBody(body: string, encoding: string): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding)) {
    const soft = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      soft.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  }
  return Buffer.from(body, 'latin1');
}

/** Walks a MIME entity: the text parts are gathered, each attachment decoded into bytes. */
function walk(entity: string, into: { text: string[]; attachments: Attachment[] }): void {
  const split = /\r?\n\r?\n/.exec(entity);
  const head = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : '';
  const type = headerOf(head, 'Content-Type') || 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = paramOf(type, 'boundary');
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const disposition = headerOf(head, 'Content-Disposition');
  const content = decodeBody(body, headerOf(head, 'Content-Transfer-Encoding'));
  if (/attachment/i.test(disposition)) {
    const fileName = paramOf(disposition, 'filename') || paramOf(type, 'name');
    into.attachments.push({ fileName, contentType: type.split(';')[0]!.trim(), content });
  } else if (/^text\//i.test(type)) into.text.push(content.toString('utf8'));
}

export function readMail(raw: string): ArrivedMail {
  const into = { text: [] as string[], attachments: [] as Attachment[] };
  walk(raw, into);
  const head = raw.slice(0, /\r?\n\r?\n/.exec(raw)?.index ?? raw.length);
  return {
    to: headerOf(head, 'To'),
    subject: headerOf(head, 'Subject'),
    text: into.text.join('\n'),
    attachments: into.attachments,
  };
}

/**
 * Waits for the product's e-mail to an address (whose subject matches) on the journeys' SMTP server
 * and answers it read: its text and its attachments as bytes.
 */
export async function mailTo(address: string, subject: RegExp, timeoutMs = 30_000): Promise<ArrivedMail> {
  const dir = journeyServer().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort()) {
      const mail = readMail(readFileSync(path.join(dir, file), 'latin1'));
      if (mail.to.toLowerCase().includes(address.toLowerCase()) && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} with a subject like ${subject} arrived`);
}
