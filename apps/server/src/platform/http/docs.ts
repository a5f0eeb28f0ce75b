import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@cabdesk/contract/openapi';

/** The OpenAPI document derived from the contract, browsable at /docs. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  const document = openApiDocument();
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'none', deepLinking: true } });
}
