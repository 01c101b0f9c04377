import type { ValueSchema } from './schema-values.js';

type Json = Record<string, unknown>;

/** One member of a request: a path or query parameter, or a member of the JSON body. */
export interface Member {
  readonly name: string;
  readonly in: 'path' | 'query' | 'body';
  readonly required: boolean;
  readonly schema: ValueSchema;
}

/** An operation of the document, as the property run needs it. */
export interface ConformanceOperation {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** The path template, `/v1/cbs/sbi/{code}`. */
  readonly path: string;
  readonly members: readonly Member[];
  /** JSON Schema of the object of the members (names to values): x-parameter-rules, or the body's. */
  readonly rules?: Json;
  readonly hasBody: boolean;
  /** The operation object itself, for its responses. */
  readonly raw: Json;
}

/** A local `$ref` of the document, resolved. */
export function resolve(document: Json, value: unknown): Json {
  let node = value as Json;
  while (node && typeof node['$ref'] === 'string') {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((at, part) => at[part] as Json, document);
  }
  return node;
}

/** Every operation of an OpenAPI document, with its members and their schemas. */
export function operationsOf(document: Json): ConformanceOperation[] {
  const out: ConformanceOperation[] = [];
  for (const [path, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    for (const [method, value] of Object.entries(item)) {
      if (method !== 'get' && method !== 'post') continue;
      const operation = value as Json;
      const parameters = ((operation['parameters'] as Json[] | undefined) ?? []).map((p) =>
        resolve(document, p),
      );
      const members: Member[] = parameters
        .filter((p) => p['in'] === 'path' || p['in'] === 'query')
        .map((p) => ({
          name: p['name'] as string,
          in: p['in'] as 'path' | 'query',
          required: p['required'] === true,
          schema: resolve(document, p['schema']) as ValueSchema,
        }));
      const content = (resolve(document, operation['requestBody'])?.['content'] ?? {}) as Json;
      const body = content['application/json']
        ? resolve(document, (content['application/json'] as Json)['schema'])
        : undefined;
      if (body) {
        const required = (body['required'] as string[] | undefined) ?? [];
        for (const [name, schema] of Object.entries((body['properties'] ?? {}) as Json))
          members.push({
            name,
            in: 'body',
            required: required.includes(name),
            schema: resolve(document, schema) as ValueSchema,
          });
      }
      out.push({
        id: operation['operationId'] as string,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        members,
        rules: body ?? (operation['x-parameter-rules'] as Json | undefined),
        hasBody: body !== undefined,
        raw: operation,
      });
    }
  }
  return out;
}
