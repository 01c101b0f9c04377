import type { OpenAPIObject } from '@nestjs/swagger';
import {
  ERROR_CODE_HEADER,
  openApiPath,
  type EndpointDefinition,
  type ErrorCode,
} from '@nl/contracts-core';
import {
  SHARED_SCHEMAS,
  errorSchemas,
  pascal,
  ref,
  replySchema,
  schemaRef,
  titledSchemas,
} from './asyncapi-schemas.js';
import { API_VERSION } from './openapi-document.js';
import { SERVICE_ERROR_CODES } from './service-error-codes.js';
import { batchQueueParts } from './asyncapi-queues.js';

type Json = Record<string, unknown>;

/**
 * The message a service takes: the body's schema (POST), or the query and path parameters
 * (GET) as an object of its own named after the request DTO. Unknown members are refused.
 */
function requestSchema(operation: Json | undefined, name: string): Json {
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
  return {
    type: 'object',
    title: name,
    properties,
    ...(required.length && { required }),
    additionalProperties: false,
  };
}

/** The `data` of a service's reply: the operation's 200 body. */
function dataSchema(operation: Json | undefined): Json {
  const ok = (operation?.['responses'] as Json | undefined)?.['200'] as Json | undefined;
  const content = ok?.['content'] as Json | undefined;
  return ((content?.['application/json'] as Json | undefined)?.['schema'] as Json) ?? {};
}

const REPLY_ADDRESS = {
  location: '$message.header#/reply-to',
  description:
    "The request's NATS reply subject: the caller's own inbox (`_INBOX.…`), which every NATS client's request call sets. NATS carries it in the message itself (`PUB <subject> <reply-to>`), not as a header; AsyncAPI's runtime expressions can only name headers and payload. A message without one cannot be answered: the service drops it before any handler runs.",
};

const WIRE = `**Wire format.** Send a NATS *request* (not a publish) to the subject, with a timeout: the payload is the request object as UTF-8 JSON (nothing else: no wrapper), the headers \`x-request-id\` and \`x-sandbox\` are optional. The reply comes to your inbox: \`{"data": …, "meta": …}\`, or \`{"error": {"code", "message", …}}\` with the code also in the \`${ERROR_CODE_HEADER}\` header. A message that is not JSON is answered \`bad_request\`, one that is not the request object (a missing, wrong or unknown member) or has a malformed header \`validation_failed\`, without being processed. NATS itself answers a request nobody serves with a *no responders* status at once.`;

/**
 * The AsyncAPI 3 document of the service subjects (NATS request/reply, one queue group per
 * service), generated from the catalog and the OpenAPI document's schemas: for every subject,
 * the request each service takes and the envelope (or error, with every code the subject can
 * answer) it replies to the caller's inbox. Internal teams call the services with it directly,
 * without the gateway; `ServiceClient` is its typed client.
 */
export function createAsyncApiDocument(
  openapi: OpenAPIObject,
  endpoints: readonly EndpointDefinition[],
  errorCodes: Readonly<Record<string, readonly ErrorCode[]>> = SERVICE_ERROR_CODES,
): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  const schemas: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    const id = endpoint.id;
    const stem = pascal(id);
    const operation = (openapi.paths[openApiPath(endpoint.paths[0])] as Json | undefined)?.[
      endpoint.method.toLowerCase()
    ] as Json | undefined;
    const requestName = endpoint.request?.name ?? `${stem}Request`;
    const request = requestSchema(operation, requestName);
    if (!('$ref' in request)) {
      const same = schemas[requestName];
      if (same && JSON.stringify(same) !== JSON.stringify(request))
        throw new Error(`Two subjects take ${requestName} with different parameters`);
      schemas[requestName] = request;
    }
    schemas[`${stem}Reply`] = replySchema(`${stem}Reply`, dataSchema(operation));
    Object.assign(schemas, errorSchemas(stem, errorCodes[endpoint.subject] ?? []));
    messages[`${id}.request`] = {
      name: `${id}.request`,
      title: `${endpoint.summary}: request`,
      headers: schemaRef('ServiceRequestHeaders'),
      payload: '$ref' in request ? request : schemaRef(requestName),
    };
    messages[`${id}.reply`] = {
      name: `${id}.reply`,
      title: `${endpoint.summary}: reply`,
      payload: schemaRef(`${stem}Reply`),
    };
    messages[`${id}.error`] = {
      name: `${id}.error`,
      title: `${endpoint.summary}: error`,
      headers: schemaRef('ServiceErrorHeaders'),
      payload: schemaRef(`${stem}Error`),
    };
    channels[id] = {
      address: endpoint.subject,
      title: endpoint.summary,
      description: `${endpoint.description}\n\nPublic route: \`${endpoint.method} ${endpoint.paths[0]}\`.\n\n${WIRE}`,
      messages: { [`${id}.request`]: ref(`#/components/messages/${id}.request`) },
    };
    channels[`${id}.reply`] = {
      address: null,
      title: `${endpoint.summary}: reply`,
      description: `Where \`${endpoint.subject}\` replies: the inbox the request named.`,
      messages: {
        [`${id}.reply`]: ref(`#/components/messages/${id}.reply`),
        [`${id}.error`]: ref(`#/components/messages/${id}.error`),
      },
    };
    operations[id] = {
      action: 'receive',
      channel: ref(`#/channels/${id}`),
      summary: endpoint.summary,
      description: `Served by the \`${endpoint.domain}\` service in queue group \`${endpoint.domain}\` (any number of replicas). Send a NATS request with a timeout (the gateway uses ${endpoint.timeoutMs} ms); the reply is an envelope, or an error.`,
      bindings: { nats: { queue: endpoint.domain, bindingVersion: '0.1.0' } },
      messages: [ref(`#/channels/${id}/messages/${id}.request`)],
      reply: {
        address: REPLY_ADDRESS,
        channel: ref(`#/channels/${id}.reply`),
        messages: [
          ref(`#/channels/${id}.reply/messages/${id}.reply`),
          ref(`#/channels/${id}.reply/messages/${id}.error`),
        ],
      },
    };
  }
  const queue = batchQueueParts();
  Object.assign(channels, queue.channels);
  Object.assign(operations, queue.operations);
  Object.assign(messages, queue.messages);
  Object.assign(schemas, queue.schemas);
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'NL Data API: service subjects',
      version: API_VERSION,
      description: `The domain services behind the public API answer NATS requests on these subjects; internal teams may call them directly (the gateway is one such caller). Every service validates each message itself. The gateway's own batch queue (a JetStream stream) is listed too.\n\n${WIRE}`,
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
      schemas: titledSchemas({
        ...(openapi.components?.schemas ?? {}),
        ...SHARED_SCHEMAS,
        ...schemas,
      }),
      messages,
    },
  };
}

/** Stable text of the document: what is committed as `asyncapi.json`. */
export function asyncApiText(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
