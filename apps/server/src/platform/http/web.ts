import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allCalls } from '@cabdesk/contract';

const pathsByUrl = new Map<string, readonly string[]>(allCalls.map((c) => [c.path, c.methods]));

/** Lower-case addresses the server does not answer itself. */
const serverPrefixes = new Set(['jwt', 'branding', 'docs', 'health', 'ready', 'ws', 'assets', 'files']);

/**
 * Page routes are lower-case (`/login`, `/dashboard`), call areas capitalised: a GET of a page
 * address answers the web app whatever the Accept header says.
 */
function isPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const url = request.url.split('?')[0] ?? '';
  const first = url.split('/')[1] ?? '';
  return !path.extname(url) && (first === '' || (/^[a-z]/.test(first) && !serverPrefixes.has(first)));
}

/**
 * Serves the built web app and the branding images; every page address the API does not know
 * answers the app's index.html, every other unknown address a JSON 404.
 */
export async function installWeb(app: FastifyInstance, webDist: string, brandingDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: brandingDir, prefix: '/branding/', decorateReply: false });
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: true, index: false });
  }
  const page = hasWeb
    ? () => readFileSync(indexFile, 'utf8')
    : () => '<!doctype html><title>Cabdesk</title><p>The web app is not built. Run <code>npm run build</code>.</p>';

  // The static plugin would answer the bare folder with 403: the root is the app's first page.
  app.get('/', (_request, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(page()));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    const methods = pathsByUrl.get(url);
    if (methods && !methods.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', methods.join(', '))
        .send({ code: 405, message: `${url.slice(1)} takes ${methods.join(' or ')}.` });
    }
    if (isPage(request)) return reply.type('text/html').header('cache-control', 'no-cache').send(page());
    return reply.status(404).send({ code: 404, message: `There is no call ${url.slice(1) || '/'}.` });
  });
}
