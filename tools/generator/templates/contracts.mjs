// A new domain's contracts lib (catalog row, DTOs, subjects) and its fake upstream with a
// sample for the tests. `n` holds the name in its spellings: name, Name, NAME.
import { project } from './domain.mjs';

export const subjectsFile = (
  n,
) => `/** Transport subjects of the ${n.name} service; the only place these strings are written. */
export const ${n.NAME}_SUBJECTS = {
  lookup: '${n.name}.record.get',
} as const;

/** Queue group of the ${n.name} service: replicas share the work. */
export const ${n.NAME}_QUEUE = '${n.name}';
`;

export function contractsFiles(n) {
  const root = `libs/contracts/${n.name}`;
  const src = `${root}/src`;
  return {
    [`${root}/project.json`]: project(`contracts-${n.name}`, root, 'library', [
      'type:contracts',
      `scope:${n.name}`,
    ]),
    [`${src}/index.ts`]: `export * from './${n.name}.endpoints.js';
export * from './${n.name}.requests.js';
export * from './${n.name}.responses.js';
export * from './${n.name}.subjects.js';
`,
    [`${src}/${n.name}.subjects.ts`]: subjectsFile(n),
    [`${src}/${n.name}.requests.ts`]: `import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** \`GET /v1/${n.name}/:id\`. TODO: the real identifier and its format. */
export class ${n.Name}LookupQuery {
  @ApiProperty({ example: 'abc-123', description: 'The record id: letters, digits and hyphens.' })
  @IsString()
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'id must be 1 to 64 letters, digits or hyphens' })
  id: string;
}
`,
    [`${src}/${n.name}.responses.ts`]: `import { ApiProperty } from '@nestjs/swagger';

/** The answer of \`GET /v1/${n.name}/:id\`. TODO: the fields of the product spec. */
export class ${n.Name}RecordResponse {
  @ApiProperty({ example: 'abc-123' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: 'Example' }) name: string | null;
}
`,
    [`${src}/${n.name}.endpoints.ts`]: `import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { ${n.Name}LookupQuery } from './${n.name}.requests.js';
import { ${n.Name}RecordResponse } from './${n.name}.responses.js';
import { ${n.NAME}_SUBJECTS } from './${n.name}.subjects.js';

/** TODO: price, TTL, limits and texts from the product spec (notes where it is silent). */
export const ${n.NAME}_LOOKUP_ENDPOINT = {
  id: '${n.name}.record.get',
  domain: '${n.name}',
  method: 'GET',
  paths: ['/v1/${n.name}/:id'],
  subject: ${n.NAME}_SUBJECTS.lookup,
  summary: 'One ${n.name} record by id',
  description: 'TODO: what the record is and where it comes from.',
  request: ${n.Name}LookupQuery,
  response: ${n.Name}RecordResponse,
  price: { fresh: credits(1), cached: credits(0.5) },
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  x402: true,
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;

/** Every ${n.name} endpoint, in catalog order. */
export const ${n.NAME}_ENDPOINTS: readonly EndpointDefinition[] = [${n.NAME}_LOOKUP_ENDPOINT];
`,
  };
}

/** The fake upstream (a real HTTP server on 127.0.0.1) and the sample it serves. */
export function fakeFiles(n) {
  return {
    [`libs/testing/src/samples/${n.name}/record.json`]: `${JSON.stringify(
      { id: 'abc-123', name: 'Example record (illustrative shape, not a recording)' },
      null,
      2,
    )}\n`,
    [`libs/testing/src/fakes/${n.name}.fake.ts`]: `import { readFileSync } from 'node:fs';
import { FakeUpstream } from '../fake-upstream.js';

type Row = { readonly id: string } & Record<string, unknown>;

// TODO: serve real recorded answers (libs/testing/src/samples/${n.name}, provenance in SOURCES.md).
const sample = (file: string): Row =>
  JSON.parse(readFileSync(new URL(\`../samples/${n.name}/\${file}\`, import.meta.url), 'utf8')) as Row;

/** A fake of the ${n.name} upstream: \`GET /records/:id\` answers the sample, 404 otherwise. */
export class ${n.Name}Fake {
  private constructor(readonly upstream: FakeUpstream) {}

  static async start(): Promise<${n.Name}Fake> {
    const records = new Map([sample('record.json')].map((r) => [r.id, r]));
    const upstream = await FakeUpstream.start([
      {
        method: 'GET',
        path: '/records/:id',
        handle: (r) => {
          const record = records.get(r.params['id'] ?? '');
          return record ? { body: record } : { status: 404, body: { error: 'not found' } };
        },
      },
    ]);
    return new ${n.Name}Fake(upstream);
  }

  get url(): string {
    return this.upstream.url;
  }

  close(): Promise<void> {
    return this.upstream.close();
  }
}
`,
  };
}
