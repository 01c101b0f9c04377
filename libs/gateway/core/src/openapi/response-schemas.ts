import type { INestApplication, Type } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';

type Json = Record<string, unknown>;

/**
 * What SwaggerModule reads of an application when it is given models only: no module, so no
 * route is scanned. It lets a DTO's schema be made where the application is not at hand (a
 * provider at start) by the same code, and so with the same result, as the OpenAPI document.
 */
const NO_ROUTES = {
  container: { getModules: () => new Map() },
  config: { getGlobalPrefix: () => '' },
  getHttpAdapter: () => ({ getType: () => 'fastify' }),
} as unknown as INestApplication;

/** The component schemas of `types` and of every model they reach, as OpenAPI 3.1 writes them. */
export function modelSchemas(types: readonly Type<object>[]): Record<string, Json> {
  const document = SwaggerModule.createDocument(
    NO_ROUTES,
    { openapi: '3.1.0', info: { title: 'models', version: '0' } },
    { extraModels: [...types] },
  );
  return (document.components?.schemas ?? {}) as Record<string, Json>;
}

/**
 * `schema` with every `#/components/schemas/…` reference replaced by the schema it names, so
 * it stands on its own (a reference loop, which cannot be written out, throws).
 */
export function inlineSchema(
  schema: unknown,
  components: Readonly<Record<string, Json>>,
  path: readonly string[] = [],
): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineSchema(item, components, path));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...rest } = schema as Json;
  const own = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, inlineSchema(value, components, path)]),
  );
  if (typeof $ref !== 'string') return own;
  const name = $ref.replace('#/components/schemas/', '');
  if (path.includes(name)) throw new Error(`${[...path, name].join(' → ')}: a reference loop`);
  const target = components[name];
  if (!target) throw new Error(`${$ref}: no such schema`);
  return { ...(inlineSchema(target, components, [...path, name]) as Json), ...own };
}

/** A response DTO's schema as the OpenAPI document has it, with its references inlined. */
export function responseSchemaOf(type: Type<object>): Json {
  const components = modelSchemas([type]);
  return inlineSchema({ $ref: `#/components/schemas/${type.name}` }, components) as Json;
}
