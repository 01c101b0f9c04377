import type { OpenAPIObject } from '@nestjs/swagger';
import type { EndpointDefinition, JsonSchema } from '@nl/contracts-core';
import { inlineSchema } from '@nl/gateway-core';

/**
 * `schema` with each list of types (`type: ["string", "null"]`, how the document writes a
 * nullable member) spelt as `anyOf` branches of one type each: the same contract, in the form
 * clients that map tool schemas onto a single-`type` dialect (some model providers' function
 * declarations) can read.
 */
export function singleTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(singleTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const { type, ...rest } = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, singleTypes(value)]),
  );
  if (!Array.isArray(type)) return type === undefined ? rest : { type, ...rest };
  const branches = { anyOf: type.map((one: unknown) => ({ type: one })) };
  if (rest['anyOf'] === undefined) return { ...rest, ...branches };
  const { anyOf, ...others } = rest;
  return { ...others, allOf: [...((others['allOf'] as unknown[]) ?? []), { anyOf }, branches] };
}

/** The document's component schemas, which references point into. */
function componentsOf(document: OpenAPIObject): Record<string, JsonSchema> {
  return (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: JsonSchema;
}

interface Operation {
  readonly operationId?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  readonly responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  readonly 'x-parameter-rules'?: JsonSchema;
}

/** The operation the document holds for an endpoint: the one named by its id. */
export function operationOf(document: OpenAPIObject, endpoint: EndpointDefinition): Operation {
  const method = endpoint.method.toLowerCase();
  for (const item of Object.values(document.paths)) {
    const operation = (item as Record<string, Operation | undefined>)[method];
    if (operation?.operationId === endpoint.id) return operation;
  }
  throw new Error(`The OpenAPI document has no operation ${endpoint.id}`);
}

/** The names a route takes from its path: `:code` of `/v1/cbs/sbi/:code`. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
}

/**
 * A tool's arguments as one JSON Schema object: a GET's path and query parameters (each with
 * its description and every rule the server checks), a POST's body members (and path
 * parameters, if its route has any); no other names, and the rules between them (which go
 * together, which exclude each other) from the operation's `x-parameter-rules`.
 */
export function inputSchemaOf(document: OpenAPIObject, operation: Operation): JsonSchema {
  const components = componentsOf(document);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    properties[parameter.name] = {
      ...(parameter.description !== undefined && { description: parameter.description }),
      ...(singleTypes(inlineSchema(parameter.schema ?? {}, components)) as JsonSchema),
    };
    if (parameter.required) required.push(parameter.name);
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? (singleTypes(inlineSchema(bodySchema, components)) as JsonSchema) : {};
  const { type: _type, propertyNames: _names, ...rules } = operation['x-parameter-rules'] ?? {};
  const bodyRequired = (body['required'] as string[] | undefined) ?? [];
  const allRequired = [...required, ...bodyRequired];
  return {
    ...body,
    ...rules,
    type: 'object',
    properties: { ...properties, ...(body['properties'] as Record<string, unknown>) },
    ...(allRequired.length && { required: allRequired }),
    additionalProperties: false,
  };
}

/**
 * The schema of an operation's `200` JSON body, inlined, when that body is an object (MCP's
 * `outputSchema` must be one); otherwise undefined, and the tool has no output schema.
 */
export function outputSchemaOf(
  document: OpenAPIObject,
  operation: Operation,
): JsonSchema | undefined {
  const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const inlined = singleTypes(inlineSchema(schema, componentsOf(document))) as JsonSchema;
  return inlined['type'] === 'object' ? inlined : undefined;
}
