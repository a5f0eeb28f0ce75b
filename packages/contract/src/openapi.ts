import { z } from 'zod';
import { allCalls } from './contract';
import type { AnyCall } from './define';

type Json = Record<string, unknown>;

const failure: Json = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'The HTTP status again' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'The payload path (stops.1.address)' },
          message: { type: 'string', description: 'For people, in the form’s words: the field’s name and the rule' },
          rule: { type: 'string', description: 'The rule in the contract’s words, without the field' },
        },
      },
    },
    currentStatus: { type: 'string', description: 'A 409 over a row’s state: the state it is in now' },
    version: { type: 'integer', description: 'A 409 over a row’s state: its version now' },
    paymentStatus: { type: 'string', description: 'A 409 over a payment: its status now' },
    cancelledAt: { type: 'string', description: 'A 409 over a cancelled series: when it was cancelled' },
    holder: { description: 'A 409 over a taken job: who holds it now' },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

function envelope(call: AnyCall): Json {
  if (call.kind === 'planned') return failure;
  const body = jsonSchema(call.output, 'output');
  switch (call.kind) {
    case 'list': {
      const extra = call.extra ? jsonSchema(call.extra, 'output') : { properties: {}, required: [] };
      return {
        type: 'object',
        required: ['data', 'allData', 'total', 'count', ...((extra.required ?? []) as string[])],
        properties: {
          data: { type: 'array', items: body },
          allData: { type: 'array', items: body, description: 'The whole filtered set, bounded' },
          total: { type: 'integer', description: 'Page count' },
          count: { type: 'integer', description: 'Rows in the whole filtered set' },
          ...(extra.properties as Json),
        },
      };
    }
    case 'read':
      return { type: 'object', required: ['data'], properties: { data: body } };
    case 'mutation':
      return {
        type: 'object',
        required: ['code', 'message', 'data'],
        properties: { code: { const: 200 }, message: { type: 'string' }, data: body },
      };
    case 'flat':
      return {
        allOf: [
          body,
          {
            type: 'object',
            required: ['code', 'message', 'data'],
            properties: { code: { const: 200 }, message: { type: 'string' }, data: body },
          },
        ],
      };
  }
}

const errorResponses: Record<string, string> = {
  '400':
    'Bad input: the message and `errors` name each field and its rule, in people’s words (`message`) and the contract’s (`field`, `rule`)',
  '401': 'No token, or an expired one',
  '403': 'The role may not use this call',
  '404': 'No such row in your company',
  '409': 'The row changed state meanwhile',
  '429': 'Too many attempts',
};

function operation(call: AnyCall, method: 'GET' | 'POST'): Json {
  const op: Json = {
    operationId: `${method === 'GET' && call.methods.length > 1 ? 'get_' : ''}${call.name.replace(/[^A-Za-z0-9]/g, '_')}`,
    tags: [call.area || 'Root'],
    summary: call.summary ?? call.action,
    'x-permission': { subject: call.subject, verb: call.verb, ...(call.alsoFor ? { alsoFor: call.alsoFor } : {}) },
  };
  if (call.addedBecause) op.description = `Not named by the spec: ${call.addedBecause}.`;
  if (!call.isPublic) op.security = [{ bearer: [] }];
  else op.security = [];
  const failureRef = { $ref: '#/components/schemas/Failure' };
  if (call.kind === 'planned') {
    op.description = 'Declared by the spec, not built yet: answers 501.';
    op.responses = {
      '501': { description: 'Not implemented yet', content: { 'application/json': { schema: failureRef } } },
    };
    return op;
  }
  const input = jsonSchema(call.input, 'input');
  if (method === 'GET') {
    const props = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    }));
  } else {
    op.requestBody = { required: true, content: { 'application/json': { schema: input } } };
  }
  const responses: Json = {
    '200': { description: 'Success', content: { 'application/json': { schema: envelope(call) } } },
  };
  for (const [status, description] of Object.entries(errorResponses)) {
    if (status === '401' && call.isPublic) continue;
    responses[status] = { description, content: { 'application/json': { schema: failureRef } } };
  }
  op.responses = responses;
  return op;
}

/** OpenAPI 3.1 for every call, derived from the contract. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const call of [...allCalls].sort((a, b) => a.path.localeCompare(b.path))) {
    const item: Json = {};
    for (const method of call.methods) item[method.toLowerCase()] = operation(call, method);
    paths[call.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cabdesk API',
      version: '1',
      description:
        'Every call is POST /{Area}/{Action} with a JSON body unless marked GET. Lists answer {data, allData, total, count}; ' +
        'changes answer {code: 200, message, data}; failures answer the HTTP status with {code, message, errors?}. ' +
        'Calls the spec names but that are not built yet answer 501.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Failure: failure },
    },
    paths,
  };
}
