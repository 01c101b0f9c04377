import type { OpenAPIObject } from '@nestjs/swagger';
import { REQUEST_ID_HEADER, SANDBOX_HEADER, type EndpointDefinition } from '@nl/contracts-core';
import { API_VERSION } from './openapi-document.js';

type Json = Record<string, unknown>;

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const ref = (path: string) => ({ $ref: path });

/** The message a service takes: the query and path parameters (GET) or the body (POST). */
function requestSchema(operation: Json | undefined): Json {
  const body = (operation?.['requestBody'] as Json | undefined)?.['content'] as Json | undefined;
  const json = body?.['application/json'] as Json | undefined;
  if (json?.['schema']) return json['schema'] as Json;
  const parameters = (operation?.['parameters'] as Json[] | undefined) ?? [];
  const properties = Object.fromEntries(
    parameters
      .filter((p) => p['in'] === 'query' || p['in'] === 'path')
      .map((p) => [p['name'], { ...(p['schema'] as Json), description: p['description'] }]),
  );
  const required = parameters.filter((p) => p['required'] === true).map((p) => p['name']);
  return { type: 'object', properties, ...(required.length && { required }) };
}

/** The `data` of a service's reply: the operation's 200 body. */
function dataSchema(operation: Json | undefined): Json {
  const ok = (operation?.['responses'] as Json | undefined)?.['200'] as Json | undefined;
  const content = ok?.['content'] as Json | undefined;
  return ((content?.['application/json'] as Json | undefined)?.['schema'] as Json) ?? {};
}

const HEADERS = {
  type: 'object',
  properties: {
    [REQUEST_ID_HEADER]: { type: 'string', description: 'The request id, for logs end to end.' },
    [SANDBOX_HEADER]: {
      type: 'string',
      enum: ['true'],
      description: 'A sandbox call: the service answers from its recorded data, never an upstream.',
    },
  },
};

/** The envelope and error shapes every service shares. */
const SHARED_SCHEMAS = {
  ReplyMeta: {
    type: 'object',
    required: ['cache', 'fetchedAt', 'source'],
    properties: {
      cache: { type: 'string', enum: ['hit', 'miss', 'stale'] },
      fetchedAt: { type: 'string', format: 'date-time', description: 'When the source was read.' },
      source: { type: 'string', description: 'Which source answered, e.g. `kvk`, `vies`.' },
    },
  },
  RpcError: {
    type: 'object',
    required: ['code', 'message'],
    description:
      'What a service answers instead of an envelope when it fails (NestJS RPC error packet): the gateway turns `code` into the HTTP status.',
    properties: {
      code: {
        type: 'string',
        examples: ['validation_failed', 'not_found', 'upstream_unavailable'],
      },
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
      },
      details: { type: 'object' },
      body: { description: 'A body the spec defines for this failure, e.g. `{found:false}`.' },
      retryAfterSeconds: { type: 'integer' },
      errorId: { type: 'string' },
    },
  },
};

/**
 * The AsyncAPI 3 document of the service subjects (NATS request/reply, one queue group per
 * service), generated from the catalog and the OpenAPI document's schemas: for every subject,
 * the request each service takes and the envelope (or error) it answers. Internal teams call
 * the services with it directly, without the gateway; `ServiceClient` is its typed client.
 */
export function createAsyncApiDocument(
  openapi: OpenAPIObject,
  endpoints: readonly EndpointDefinition[],
): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const endpoint of endpoints) {
    const id = endpoint.id;
    const operation = (openapi.paths[openApiPath(endpoint.paths[0])] as Json | undefined)?.[
      endpoint.method.toLowerCase()
    ] as Json | undefined;
    messages[`${id}.request`] = {
      name: `${id}.request`,
      title: `${endpoint.summary}: request`,
      headers: HEADERS,
      payload: requestSchema(operation),
    };
    messages[`${id}.reply`] = {
      name: `${id}.reply`,
      title: `${endpoint.summary}: reply`,
      payload: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: dataSchema(operation), meta: ref('#/components/schemas/ReplyMeta') },
      },
    };
    channels[id] = {
      address: endpoint.subject,
      title: endpoint.summary,
      description: `${endpoint.description}\n\nPublic route: \`${endpoint.method} ${endpoint.paths[0]}\`.`,
      messages: {
        request: ref(`#/components/messages/${id}.request`),
        reply: ref(`#/components/messages/${id}.reply`),
        error: ref('#/components/messages/error'),
      },
    };
    operations[id] = {
      action: 'receive',
      channel: ref(`#/channels/${id}`),
      summary: endpoint.summary,
      description: `Served by the \`${endpoint.domain}\` service in queue group \`${endpoint.domain}\` (any number of replicas). Send a NATS request with a timeout (the gateway uses ${endpoint.timeoutMs} ms); the reply is an envelope, or an error.`,
      messages: [ref(`#/channels/${id}/messages/request`)],
      reply: {
        channel: ref(`#/channels/${id}`),
        messages: [ref(`#/channels/${id}/messages/reply`), ref(`#/channels/${id}/messages/error`)],
      },
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'NL Data API: service subjects',
      version: API_VERSION,
      description:
        'The domain services behind the public API answer NATS requests on these subjects; internal teams may call them directly (the gateway is one such caller). Every service validates each message itself.',
    },
    defaultContentType: 'application/json',
    servers: {
      nats: {
        host: 'nats:4222',
        protocol: 'nats',
        description: 'The NATS of the deployment (`NATS_URL`).',
      },
    },
    channels,
    operations,
    components: {
      schemas: { ...(openapi.components?.schemas ?? {}), ...SHARED_SCHEMAS },
      messages: {
        ...messages,
        error: {
          name: 'error',
          title: 'Service error',
          payload: ref('#/components/schemas/RpcError'),
        },
      },
    },
  };
}

/** Stable text of the document: what is committed as `asyncapi.json`. */
export function asyncApiText(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
