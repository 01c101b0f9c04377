import type { JsonSchema } from '@nl/contracts-core';

type Json = Record<string, unknown>;

/**
 * Keywords that only explain: the output schema travels in a response header (and back in the
 * payment a client echoes), so it keeps what an agent needs to read the answer, not its prose.
 * The full text is in the OpenAPI document.
 */
const WORDS = new Set(['description', 'example', 'examples', 'title']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` without its explanatory keywords (member names under `properties` are kept). */
export function bareSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bareSchema);
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([keyword]) => !WORDS.has(keyword))
      .map(([keyword, value]) => [
        keyword,
        keyword === 'properties' && isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([n, s]) => [n, bareSchema(s)]))
          : ['enum', 'const', 'required', 'default'].includes(keyword)
            ? value
            : bareSchema(value),
      ]),
  );
}

/** A query value as its schema types it (the wire has text only): `2` for an integer. */
export function typed(value: string, schema: JsonSchema | undefined): unknown {
  const type = schema?.['type'];
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !isNaN(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Keywords whose value is a list of schemas at the same depth as the one that holds them. */
const ALTERNATIVES = ['anyOf', 'oneOf', 'allOf'];

/**
 * `schema` with what lies deeper than `depth` levels of members or items cut to its type:
 * still true of every answer, only less detailed.
 */
export function cutSchema(schema: unknown, depth: number): unknown {
  if (!isObject(schema)) return schema;
  if (depth === 0) return 'type' in schema ? { type: schema['type'] } : {};
  return Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => {
      if (keyword === 'properties' && isObject(value))
        return [
          keyword,
          Object.fromEntries(Object.entries(value).map(([n, s]) => [n, cutSchema(s, depth - 1)])),
        ];
      if (keyword === 'items') return [keyword, cutSchema(value, depth - 1)];
      if (ALTERNATIVES.includes(keyword) && Array.isArray(value))
        return [keyword, value.map((s) => cutSchema(s, depth))];
      return [keyword, value];
    }),
  );
}

/** How deep a schema goes, in levels of members or items. */
function depthOf(schema: unknown): number {
  if (!isObject(schema)) return 0;
  const members = isObject(schema['properties']) ? Object.values(schema['properties']) : [];
  const alternatives = ALTERNATIVES.flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
  );
  return Math.max(
    0,
    ...members.map((s) => 1 + depthOf(s)),
    ...('items' in schema ? [1 + depthOf(schema['items'])] : []),
    ...alternatives.map(depthOf),
  );
}

/**
 * The most detailed cut of `schema` whose `place` (what carries it) is at most `limit`
 * characters; throws when even its top level does not fit.
 */
export function fitted<T>(
  schema: unknown,
  place: (schema: unknown) => T,
  size: (carrier: T) => number,
  limit: number,
): T {
  if (schema === undefined) {
    const carrier = place(schema);
    if (size(carrier) <= limit) return carrier;
  }
  for (let depth = depthOf(schema); depth >= 1; depth--) {
    const carrier = place(cutSchema(schema, depth));
    if (size(carrier) <= limit) return carrier;
  }
  throw new Error(`the schema does not fit in ${limit} characters even cut to its top level`);
}

/**
 * A JSON body's schema in ever smaller forms, each true of every valid body: as documented;
 * without its words; with the optional members' rules cut to their type (a client may then
 * send one the API refuses with a 400, never the other way round).
 */
export function bodyCuts(schema: JsonSchema): unknown[] {
  const bare = bareSchema(schema);
  if (!isObject(bare) || !isObject(bare['properties'])) return [schema, bare];
  const required = new Set(Array.isArray(bare['required']) ? bare['required'] : []);
  const properties = Object.fromEntries(
    Object.entries(bare['properties']).map(([name, rule]) => [
      name,
      required.has(name) ? rule : cutSchema(rule, 0),
    ]),
  );
  return [schema, bare, { ...bare, properties }];
}
