import type { OpenAPIObject } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';

type Schema = Record<string, unknown>;

/** One parameter of an endpoint as the OpenAPI document has it. */
export interface EndpointParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'body';
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
}

interface Operation {
  operationId?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: Schema;
  }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The operation of an endpoint in the document: the one with the endpoint's id. */
export function operationOf(document: OpenAPIObject, endpoint: EndpointDefinition): Operation {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as Record<string, Operation>))
      if (operation?.operationId === endpoint.id) return operation;
  throw new Error(`the OpenAPI document has no operation ${endpoint.id}`);
}

/** A schema's `$ref` followed to the component it names. */
function resolved(document: OpenAPIObject, schema: Schema | undefined): Schema {
  const ref = schema?.['$ref'];
  if (typeof ref !== 'string') return schema ?? {};
  const name = ref.replace('#/components/schemas/', '');
  return (document.components?.schemas?.[name] ?? {}) as Schema;
}

/** A schema's type as a reader writes it: `string`, `integer (int32)`, `one of: a, b`, `array of string`. */
export function typeOf(schema: Schema): string {
  if (Array.isArray(schema['enum'])) return `one of: ${schema['enum'].join(', ')}`;
  const type = Array.isArray(schema['type'])
    ? schema['type'].join(' or ')
    : String(schema['type'] ?? 'any');
  if (type === 'array') return `array of ${typeOf((schema['items'] ?? {}) as Schema)}`;
  return typeof schema['format'] === 'string' ? `${type} (${schema['format']})` : type;
}

/**
 * The parameters of an endpoint: its path and query parameters, and for a POST the members of
 * its JSON body, each with the type, requiredness and words the OpenAPI document gives it.
 */
export function endpointParameters(
  document: OpenAPIObject,
  endpoint: EndpointDefinition,
): EndpointParameter[] {
  const operation = operationOf(document, endpoint);
  const parameters: EndpointParameter[] = (operation.parameters ?? []).map((p) => ({
    name: p.name,
    in: p.in as EndpointParameter['in'],
    type: typeOf(p.schema ?? {}),
    required: p.required === true,
    description: p.description,
  }));
  const body = resolved(document, operation.requestBody?.content?.['application/json']?.schema);
  const required = new Set((body['required'] ?? []) as string[]);
  for (const [name, member] of Object.entries((body['properties'] ?? {}) as Record<string, Schema>))
    parameters.push({
      name,
      in: 'body',
      type: typeOf(member),
      required: required.has(name),
      description: typeof member['description'] === 'string' ? member['description'] : undefined,
    });
  return parameters;
}
