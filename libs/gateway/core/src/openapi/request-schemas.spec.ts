import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { FORBIDDEN_TEXT, inputSchemaOf, isNormaliser, type JsonSchema } from '@nl/contracts-core';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, TransformationType } from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import { createRequire } from 'node:module';
import { IsString } from 'class-validator';
import RandExp from 'randexp';
import { bodySchema, parameterRules, requestParameters } from './request-schemas.js';

const REQUESTS = [
  ...new Map(
    ENDPOINT_CATALOG.flatMap((e) => (e.request ? [[e.request.name, e] as const] : [])),
  ).values(),
];

/** class-transformer's store of transforms, which its index does not export. */
const transforms = () =>
  (
    createRequire(import.meta.url)('class-transformer/cjs/storage.js') as {
      defaultMetadataStorage: MetadataStorage;
    }
  ).defaultMetadataStorage;

/** Members whose text a class-transformer transform rewrites before the rules see it. */
function transformed(type: new () => object): [string, unknown][] {
  const names = Object.keys(inputSchemaOf(type).properties);
  return names.flatMap((name) =>
    transforms()
      .findTransformMetadatas(type, name, TransformationType.PLAIN_TO_CLASS)
      .map((m) => [name, m.transformFn] as [string, unknown]),
  );
}

/** A seeded source for randexp, so every run draws the same texts. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (from: number, to: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return from + (state % (to - from + 1));
  };
}

describe('request schemas', () => {
  it.each(REQUESTS.map((e) => [e.request?.name ?? '', e] as const))(
    'should state every rule of %s, with only normalising transforms',
    (_name, endpoint) => {
      const type = endpoint.request as new () => object;
      const input = inputSchemaOf(type);
      expect(Object.keys(input.properties).length).toBeGreaterThan(0);
      expect(transformed(type).filter(([, fn]) => !isNormaliser(fn))).toEqual([]);
      if (endpoint.method === 'POST') {
        expect(bodySchema(type)).toMatchObject({
          properties: input.properties,
          additionalProperties: false,
        });
      } else {
        const parameters = requestParameters(type, []);
        for (const p of parameters) expect(p.schema).toMatchObject(input.properties[p.name]);
        expect(parameterRules(type)).toMatchObject({
          propertyNames: { enum: Object.keys(input.properties) },
        });
      }
    },
  );

  it('should let no pattern of any member admit a character the text rule refuses', () => {
    const random = seeded(7);
    const texts: [string, JsonSchema][] = REQUESTS.flatMap((e) =>
      Object.entries(inputSchemaOf(e.request as new () => object).properties).filter(
        ([, schema]) => typeof schema['pattern'] === 'string',
      ),
    );
    const leaks: string[] = [];
    for (const [name, schema] of texts) {
      const pattern = new RegExp(schema['pattern'] as string, 'u');
      const generator = new RandExp(pattern);
      generator.randInt = random;
      for (let i = 0; i < 50; i++) {
        const text = generator.gen();
        if (!pattern.test(text)) continue;
        for (const bad of ['\u0000', '\u0007', '\u000b', '\u007f', '\ud800']) {
          const at = random(0, text.length);
          const spoiled = `${text.slice(0, at)}${bad}${text.slice(at)}`;
          if (FORBIDDEN_TEXT.test(spoiled) && pattern.test(spoiled))
            leaks.push(`${name}: ${JSON.stringify(spoiled)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('should refuse an @ApiProperty that states a rule the validators do not check', () => {
    class Loose {
      @ApiProperty({ maxLength: 10 }) @IsString() name: string;
    }
    expect(() => requestParameters(Loose, [])).toThrow(/validators alone/);
  });

  it('should find a transform that accepts what no schema states', () => {
    class Lenient {
      @Transform(({ value }) => String(value).trim()) @IsString() name: string;
    }
    expect(transformed(Lenient).filter(([, fn]) => !isNormaliser(fn))).toHaveLength(1);
  });
});
