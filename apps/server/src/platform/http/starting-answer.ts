import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { readFileSync } from 'node:fs';
import type { Config } from '../../config';

const BODY = JSON.stringify({
  code: 503,
  message: 'Cabdesk is starting (database and migrations). Try again in a moment.',
});

function answer(_request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
  response.end(BODY);
}

/**
 * While the database starts and the migrations run, the port already answers — 503 with words to
 * every request, /ready included — so a proxy or an orchestrator sees a process starting, not one
 * that is down. Answers the function that frees the port for the app.
 */
export async function answerWhileStarting(config: Config): Promise<() => Promise<void>> {
  const server: Server = config.tls
    ? createHttps({ key: readFileSync(config.tls.keyFile), cert: readFileSync(config.tls.certFile) }, answer)
    : createHttp(answer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${config.port} on ${config.host} is already in use. Stop what uses it, or set PORT to a free port.`,
            )
          : error,
      ),
    );
    server.listen(config.port, config.host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
