import type { FastifyInstance } from 'fastify';
import type { FileService } from './store';
import { mimeOfKey } from './store';

/** GET /files/<key>?exp=…&sig=… serves a stored file to whoever holds a fresh signed address. */
export function installFileRoutes(app: FastifyInstance, files: FileService): void {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { exp, sig } = request.query as { exp?: string; sig?: string };
    if (!sig || !files.verify(key, Number(exp), sig)) {
      return reply.status(403).send({ code: 403, message: 'This file address has expired. Reload the page.' });
    }
    const bytes = await files.read(key);
    if (!bytes) return reply.status(404).send({ code: 404, message: 'The file was not found.' });
    return reply
      .type(mimeOfKey(key))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
