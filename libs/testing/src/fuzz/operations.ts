/** What the fuzzer needs of a parameter or body field's schema. */
export interface ValueSchema {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly example?: unknown;
  readonly default?: unknown;
}

export interface FuzzParam {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly required: boolean;
  readonly schema: ValueSchema;
}

export interface FuzzField {
  readonly name: string;
  readonly required: boolean;
  readonly schema: ValueSchema;
}

/** How a route is authenticated: an API key, the admin token, or not at all. */
export type FuzzAuth = 'key' | 'admin' | 'none';

export interface FuzzOperation {
  readonly id: string;
  readonly method: string;
  /** The path template, e.g. `/v1/cbs/sbi/{code}`. */
  readonly path: string;
  readonly params: readonly FuzzParam[];
  /** The fields of a JSON object body; absent when the route takes no body. */
  readonly body?: readonly FuzzField[];
  /**
   * Statuses documented with a body that is not ProblemDetails (e.g. `404 {found:false}`): for
   * those, plain `application/json` is a correct answer.
   */
  readonly jsonStatuses: ReadonlySet<number>;
  readonly auth: FuzzAuth;
  /** True for operations read from the OpenAPI document, false for the routes added below. */
  readonly documented: boolean;
}

/** The parts of an OpenAPI 3.1 document the fuzzer reads; anything else is ignored. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const PROBLEM_REF = '#/components/schemas/ProblemDetails';

function resolve(doc: OpenApiDocument, schema: unknown): Json {
  const ref = (schema as Json | undefined)?.['$ref'];
  if (typeof ref !== 'string') return (schema as Json | undefined) ?? {};
  const name = ref.replace('#/components/schemas/', '');
  return (doc.components?.schemas?.[name] as Json | undefined) ?? {};
}

function jsonStatuses(responses: Json): Set<number> {
  const statuses = new Set<number>();
  for (const [status, response] of Object.entries(responses)) {
    const content = (response as Json)['content'] as Json | undefined;
    const schema = (content?.['application/json'] as Json | undefined)?.['schema'] as Json;
    if (schema && schema['$ref'] !== PROBLEM_REF) statuses.add(Number(status));
  }
  return statuses;
}

function bodyFields(doc: OpenApiDocument, operation: Json): FuzzField[] | undefined {
  const content = (operation['requestBody'] as Json | undefined)?.['content'] as Json | undefined;
  if (!content) return undefined;
  const schema = resolve(doc, (content['application/json'] as Json | undefined)?.['schema']);
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const properties = (schema['properties'] as Record<string, ValueSchema> | undefined) ?? {};
  return Object.entries(properties).map(([name, field]) => ({
    name,
    required: required.has(name),
    schema: field,
  }));
}

function params(operation: Json): FuzzParam[] {
  const list = (operation['parameters'] as Json[] | undefined) ?? [];
  return list
    .filter((p) => p['in'] === 'query' || p['in'] === 'path')
    .map((p) => ({
      name: String(p['name']),
      in: p['in'] as 'query' | 'path',
      required: Boolean(p['required']),
      schema: (p['schema'] as ValueSchema | undefined) ?? { type: 'string' },
    }));
}

/** Every operation of the document (aliases are separate paths there, so they come along). */
export function documentedOperations(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      operations.push({
        id: String(operation['operationId'] ?? `${method} ${path}`),
        method: method.toUpperCase(),
        path,
        params: params(operation),
        body: bodyFields(doc, operation),
        jsonStatuses: jsonStatuses((operation['responses'] as Json | undefined) ?? {}),
        auth: 'key',
        documented: true,
      });
    }
  }
  return operations;
}

const UUID_PARAM: FuzzParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', example: 'account-id' },
};
const str = (example: string, minLength = 1, maxLength = 100): ValueSchema => ({
  type: 'string',
  example,
  minLength,
  maxLength,
});
const TIER: ValueSchema = { type: 'string', enum: ['free', 'trial', 'paid', 'premium'] };
const CREDITS: ValueSchema = { type: 'number', minimum: 0.01, maximum: 10_000_000, example: 10 };
const SUBSCRIPTIONS: ValueSchema = { type: 'array', example: ['kvk'] };

function extra(
  id: string,
  method: string,
  path: string,
  auth: FuzzAuth,
  more: Partial<Pick<FuzzOperation, 'params' | 'body' | 'jsonStatuses'>> = {},
): FuzzOperation {
  return {
    id,
    method,
    path,
    auth,
    documented: false,
    params: [],
    jsonStatuses: new Set(),
    ...more,
  };
}

/**
 * Routes the document leaves out (admin API, docs, probes, metrics). `/health/ready` answers
 * 503 with its check list by design (for orchestrators), so plain JSON is right there. An `id`
 * path parameter's example is a placeholder the generator replaces with the scratch account.
 */
export const UNDOCUMENTED_OPERATIONS: readonly FuzzOperation[] = [
  extra('admin.accounts.list', 'GET', '/admin/accounts', 'admin'),
  extra('admin.accounts.create', 'POST', '/admin/accounts', 'admin', {
    body: [
      { name: 'name', required: true, schema: str('fuzz account') },
      { name: 'tier', required: true, schema: TIER },
      { name: 'credits', required: false, schema: CREDITS },
      { name: 'subscriptions', required: false, schema: SUBSCRIPTIONS },
    ],
  }),
  extra('admin.accounts.show', 'GET', '/admin/accounts/{id}', 'admin', { params: [UUID_PARAM] }),
  extra('admin.accounts.update', 'PATCH', '/admin/accounts/{id}', 'admin', {
    params: [UUID_PARAM],
    body: [
      { name: 'tier', required: false, schema: TIER },
      { name: 'subscriptions', required: false, schema: SUBSCRIPTIONS },
    ],
  }),
  extra('admin.accounts.credits', 'POST', '/admin/accounts/{id}/credits', 'admin', {
    params: [UUID_PARAM],
    body: [{ name: 'credits', required: true, schema: CREDITS }],
  }),
  extra('admin.accounts.keys', 'POST', '/admin/accounts/{id}/keys', 'admin', {
    params: [UUID_PARAM],
    body: [{ name: 'name', required: false, schema: str('fuzz key') }],
  }),
  extra('admin.keys.revoke', 'DELETE', '/admin/keys/{id}', 'admin', { params: [UUID_PARAM] }),
  extra('docs', 'GET', '/docs', 'none'),
  extra('openapi.json', 'GET', '/openapi.json', 'none'),
  extra('openapi.yaml', 'GET', '/openapi.yaml', 'none'),
  extra('health.live', 'GET', '/health/live', 'none'),
  extra('health.ready', 'GET', '/health/ready', 'none', { jsonStatuses: new Set([503]) }),
  extra('metrics', 'GET', '/metrics', 'none'),
];

/** What the fuzzer covers: the document's operations plus the undocumented routes. */
export function fuzzOperations(doc: OpenApiDocument): FuzzOperation[] {
  const documented = documentedOperations(doc);
  const known = new Set(documented.map((o) => `${o.method} ${o.path}`));
  return [
    ...documented,
    ...UNDOCUMENTED_OPERATIONS.filter((o) => !known.has(`${o.method} ${o.path}`)),
  ];
}
