import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { HttpSmsProvider, OutboxSmsProvider, smsProviderFor } from '../src/domains/notifications/sms';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A gateway on loopback: answers 202, or 503 for numbers ending in 9 (a gateway that is down). */
let gateway: Server;
let url: string;
const received: Received[] = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  gateway = createServer((request, response) => {
    void readBody(request).then((text) => {
      const body = JSON.parse(text) as { to: string };
      received.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      response.statusCode = body.to.endsWith('9') ? 503 : 202;
      response.end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/messages`;
});

afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describe('the HTTP SMS provider', () => {
  it('posts the sender, number and text as JSON with the bearer token, and reports the text sent', async () => {
    const provider = new HttpSmsProvider({ url, token: 'gateway-token', from: 'UKCB' });
    await expect(provider.send('+447700900123', 'Your driver is outside.')).resolves.toBe('sent');
    expect(received.at(-1)).toEqual({
      authorization: 'Bearer gateway-token',
      contentType: 'application/json',
      body: { from: 'UKCB', to: '+447700900123', body: 'Your driver is outside.' },
    });
  });

  it('throws on a refusal, so the job queue tries again later', async () => {
    const provider = new HttpSmsProvider({ url, token: undefined, from: 'UKCB' });
    await expect(provider.send('+447700900129', 'Hello')).rejects.toThrow(/503/);
    expect(received.at(-1)?.authorization).toBeUndefined();
  });
});

describe('the SMS provider chosen by configuration', () => {
  it('keeps texts in the outbox by default and sends through the gateway when SMS_PROVIDER is http', () => {
    expect(smsProviderFor(loadConfig({}))).toBeInstanceOf(OutboxSmsProvider);
    const configured = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url });
    expect(smsProviderFor(configured)).toBeInstanceOf(HttpSmsProvider);
  });

  it('refuses SMS_PROVIDER=http without SMS_HTTP_URL, naming the variable', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
  });
});
