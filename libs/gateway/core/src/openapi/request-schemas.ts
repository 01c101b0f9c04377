import type { Type } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';
import { inputSchemaOf, type JsonSchema } from '@nl/contracts-core';

type PropertyMeta = Record<string, unknown> & { required?: boolean };

/**
 * Keywords that say what is accepted: only the validators may state them (the document reads
 * them from the class-validator rules), so an `@ApiProperty` that sets one is refused.
 */
const RULE_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'enum', 'format'];

/** The `@ApiProperty` metadata of a DTO, property by property. */
function dtoProperties(type: Type<object>): Map<string, PropertyMeta> {
  const names = (Reflect.getMetadata('swagger/apiModelPropertiesArray', type.prototype) ??
    []) as string[];
  return new Map(
    names.map((name) => {
      const key = name.replace(/^:/, '');
      const meta = (Reflect.getMetadata('swagger/apiModelProperties', type.prototype, key) ??
        {}) as PropertyMeta;
      for (const keyword of RULE_KEYWORDS)
        if (meta[keyword] !== undefined)
          throw new Error(
            `${type.name}.${key}: @ApiProperty sets ${keyword}; the validators alone say what is accepted`,
          );
      return [key, meta];
    }),
  );
}

/** One member: its words (description, example, default) and the validators' keywords. */
function member(meta: PropertyMeta | undefined, keywords: JsonSchema): JsonSchema {
  const { example, default: defaultValue } = meta ?? {};
  return {
    ...keywords,
    ...(defaultValue !== undefined && { default: defaultValue }),
    ...(example !== undefined && { example }),
  };
}

export interface DocumentedParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

/**
 * The parameters of a GET (or of a POST's path) from its request DTO: each as sent, with every
 * rule the server checks on it. `pathParams` are the names in the route.
 */
export function requestParameters(
  type: Type<object>,
  pathParams: readonly string[],
): DocumentedParameter[] {
  const input = inputSchemaOf(type);
  const meta = dtoProperties(type);
  return Object.entries(input.properties).map(([name, keywords]) => ({
    name,
    in: pathParams.includes(name) ? 'path' : 'query',
    required: pathParams.includes(name) || input.required.includes(name),
    description: meta.get(name)?.['description'] as string | undefined,
    schema: member(meta.get(name), keywords),
  }));
}

/**
 * The rules over a GET's parameters as one JSON Schema of the object of them (names to values):
 * no other names (the server refuses unknown parameters), and which go together or exclude
 * each other. OpenAPI has no place for these, so they are the operation's
 * `x-parameter-rules`.
 */
export function parameterRules(type: Type<object>): JsonSchema {
  const input = inputSchemaOf(type);
  return {
    type: 'object',
    propertyNames: { enum: Object.keys(input.properties) },
    ...input.rules,
  };
}

/** A JSON body DTO as its component schema: members, required ones, no others, the rules. */
export function bodySchema(type: Type<object>): JsonSchema {
  const input = inputSchemaOf(type);
  const meta = dtoProperties(type);
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(input.properties).map(([name, keywords]) => [
        name,
        {
          ...(meta.get(name)?.['description'] !== undefined && {
            description: meta.get(name)?.['description'],
          }),
          ...member(meta.get(name), keywords),
        },
      ]),
    ),
    ...(input.required.length && { required: [...input.required] }),
    additionalProperties: false,
    ...input.rules,
  };
}

/** Puts the body schemas of the catalog's POST endpoints under their component names. */
export function documentBodies(
  document: OpenAPIObject,
  catalog: readonly EndpointDefinition[],
): void {
  const schemas = (document.components ??= {}).schemas ?? {};
  for (const endpoint of catalog)
    if (endpoint.method === 'POST' && endpoint.request && schemas[endpoint.request.name])
      schemas[endpoint.request.name] = bodySchema(endpoint.request) as never;
}
