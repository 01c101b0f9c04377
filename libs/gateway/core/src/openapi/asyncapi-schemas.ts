import {
  CACHE_BYPASS_HEADER,
  ERROR_CODE_HEADER,
  ERROR_CODES,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
  SANDBOX_HEADER,
  type ErrorCode,
} from '@nl/contracts-core';

type Json = Record<string, unknown>;

export const ref = (path: string) => ({ $ref: path });
export const schemaRef = (name: string) => ref(`#/components/schemas/${name}`);

/** `cbs.sbi.lookup` → `CbsSbiLookup`: the stem of a subject's own schema names. */
export const pascal = (id: string) =>
  id
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The schemas every subject shares: the headers, the envelope's meta, a field error. */
export const SHARED_SCHEMAS: Record<string, Json> = {
  ServiceRequestHeaders: {
    type: 'object',
    title: 'ServiceRequestHeaders',
    description:
      'NATS headers of a request; both are optional. A request with a malformed one is answered `validation_failed`, naming the header as the field.',
    properties: {
      [REQUEST_ID_HEADER]: {
        type: 'string',
        pattern: REQUEST_ID_PATTERN.source,
        description:
          'The request id, for logs end to end (the service logs under it). Without one the service logs none.',
      },
      [SANDBOX_HEADER]: {
        type: 'string',
        title: 'SandboxFlag',
        enum: ['true', 'false'],
        description:
          '`true`: a sandbox call, answered from the recorded data shipped with the service, never an upstream, and cached apart. `false` or absent: a live call.',
      },
      [CACHE_BYPASS_HEADER]: {
        type: 'string',
        title: 'CacheBypassFlag',
        enum: ['true', 'false'],
        description:
          '`true`: not from a cache: the service asks its sources and stores what they answer (a stale copy may still stand in when a source fails, marked `stale`). `false` or absent: the cache as usual.',
      },
    },
  },
  ServiceErrorHeaders: {
    type: 'object',
    title: 'ServiceErrorHeaders',
    description: 'NATS headers of an error reply. A successful reply has no headers.',
    required: [ERROR_CODE_HEADER],
    properties: {
      [ERROR_CODE_HEADER]: {
        type: 'string',
        description: 'The code of the error, as in `error.code`.',
      },
    },
  },
  ReplyMeta: {
    type: 'object',
    title: 'ReplyMeta',
    required: ['cache', 'fetchedAt', 'source'],
    properties: {
      cache: {
        type: 'string',
        title: 'CacheState',
        enum: ['hit', 'miss', 'stale'],
        description:
          '`miss`: fetched now; `hit`: from a fresh cache entry; `stale`: kept past its TTL.',
      },
      fetchedAt: { type: 'string', format: 'date-time', description: 'When the source was read.' },
      source: { type: 'string', description: 'Which source answered, e.g. `kvk`, `vies`.' },
      partial: {
        type: 'boolean',
        description: 'An answer of several sources of which at least one could not answer.',
      },
      upstreams: {
        type: 'array',
        description: 'The upstream calls the service made for this request.',
        items: schemaRef('UpstreamCall'),
      },
    },
  },
  UpstreamCall: {
    type: 'object',
    title: 'UpstreamCall',
    description:
      'One HTTP call of a service to an upstream for the request, retries included. The gateway counts these in its public status figures (`/status.json`).',
    required: ['upstream', 'ms'],
    properties: {
      upstream: { type: 'string', description: 'The upstream, e.g. `vies`, `pdok`.' },
      ms: { type: 'number', minimum: 0, description: 'How long the call took, in milliseconds.' },
      error: {
        type: 'string',
        description:
          'How the call failed, absent when it did not: `timeout`, `unavailable` (no connection), `circuit_open` (refused by the open breaker) or `http_<status>` (a 429 or 5xx answer).',
      },
    },
  },
  FieldError: {
    type: 'object',
    title: 'FieldError',
    required: ['field', 'message'],
    properties: {
      field: {
        type: 'string',
        description:
          'Dotted path of the field, `(body)` for the message as a whole, or a header name.',
      },
      message: { type: 'string' },
    },
  },
};

/** The reply of a subject: `{data, meta}`, `data` being the public operation's 200 body. */
export function replySchema(name: string, data: Json): Json {
  return {
    type: 'object',
    title: name,
    required: ['data', 'meta'],
    properties: { data, meta: schemaRef('ReplyMeta') },
  };
}

/**
 * The error reply of a subject: `{error}`, whose `code` is one of `codes`, every code the
 * subject can answer.
 */
export function errorSchemas(stem: string, codes: readonly ErrorCode[]): Record<string, Json> {
  const detail = `${stem}ErrorDetail`;
  return {
    [`${stem}Error`]: {
      type: 'object',
      title: `${stem}Error`,
      required: ['error'],
      additionalProperties: false,
      properties: { error: schemaRef(detail) },
    },
    [detail]: {
      type: 'object',
      title: detail,
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          title: `${stem}ErrorCode`,
          enum: codes,
          description: codes.map((c) => `\`${c}\`: ${ERROR_CODES[c]}`).join('\n'),
        },
        message: { type: 'string', description: 'What went wrong, for people.' },
        errors: {
          type: 'array',
          description: 'Each bad field of a `validation_failed`.',
          items: schemaRef('FieldError'),
        },
        details: { type: 'object', description: 'Safe, structured extra facts.' },
        body: {
          description:
            'A body the public API answers for this failure instead of problem+json, e.g. `{found: false}` of a `not_found`.',
        },
        retryAfterSeconds: {
          type: 'integer',
          minimum: 0,
          description: 'Seconds after which a retry may succeed.',
        },
        members: { type: 'object', description: 'Extension members of the public problem body.' },
        errorId: {
          type: 'string',
          description: 'Of an `internal` error: the id of the service log line that says more.',
        },
        upstreams: {
          type: 'array',
          description: 'The upstream calls the service made for this request before it failed.',
          items: schemaRef('UpstreamCall'),
        },
      },
    },
  };
}

const isModel = (schema: Json) =>
  !schema['title'] &&
  !schema['$ref'] &&
  (Array.isArray(schema['enum']) || (schema['type'] === 'object' && !!schema['properties']));

/**
 * Names every nested object and enumeration of `schemas` (a copy) after where it sits, e.g.
 * `VehicleLite.fuel_types[]` → `VehicleLiteFuelTypesItem`, so code generated from the document
 * has model names rather than `AnonymousSchema_12`.
 */
export function titledSchemas(schemas: Record<string, unknown>): Record<string, Json> {
  const copy = JSON.parse(JSON.stringify(schemas)) as Record<string, Json>;
  const visit = (schema: unknown, name: string): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const json = schema as Json;
    if (isModel(json)) json['title'] = name;
    for (const [key, child] of Object.entries((json['properties'] as Json | undefined) ?? {}))
      visit(child, `${name}${pascal(key)}`);
    visit(json['items'], `${name}Item`);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      ((json[key] as unknown[] | undefined) ?? []).forEach((member, i) =>
        visit(member, `${name}${i + 1}`),
      );
  };
  for (const [name, schema] of Object.entries(copy)) visit(schema, name);
  return copy;
}
