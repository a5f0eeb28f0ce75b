import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { freePort } from '../src/platform/db/embedded';
import { answerWhileStarting } from '../src/platform/http/starting-answer';

describe('the port while the server starts', () => {
  it('answers 503 with words, refuses a taken port clearly, and frees the port for the app', async () => {
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', CABDESK_DEMO_DATA: 'false' });
    const release = await answerWhileStarting(config);
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toEqual({
        code: 503,
        message: 'Cabdesk is starting (database and migrations). Try again in a moment.',
      });
      await expect(answerWhileStarting(config)).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use. Stop what uses it, or set PORT to a free port.`,
      );
    } finally {
      await release();
    }
    const app = createServer();
    await new Promise<void>((resolve, reject) => {
      app.once('error', reject);
      app.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((r) => app.close(r));
  });
});
