import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { readFileSync } from 'node:fs';
import { inlineSchema, responseSchemaOf } from './response-schemas.js';

type Json = Record<string, unknown>;

/** The committed OpenAPI document, which a drift test keeps equal to the one served. */
const openapi = JSON.parse(
  readFileSync(new URL('../../../../../openapi.json', import.meta.url), 'utf8'),
) as { components: { schemas: Record<string, Json> } };

describe('response schemas', () => {
  it.each(
    [...new Set(ENDPOINT_CATALOG.flatMap((e) => (e.response ? [e.response] : [])))].map(
      (type) => [type.name, type] as const,
    ),
  )('%s: the OpenAPI document’s schema, references inlined', (name, type) => {
    const schema = responseSchemaOf(type);
    expect(JSON.stringify(schema)).not.toContain('$ref');
    expect(schema).toEqual(
      inlineSchema({ $ref: `#/components/schemas/${name}` }, openapi.components.schemas),
    );
  });

  it('should refuse a reference loop and a dangling reference', () => {
    const loop = {
      A: { properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { items: { $ref: '#/components/schemas/A' } },
    };
    expect(() => inlineSchema({ $ref: '#/components/schemas/A' }, loop)).toThrow(/A → B → A/);
    expect(() => inlineSchema({ $ref: '#/components/schemas/C' }, loop)).toThrow(/no such schema/);
  });
});
