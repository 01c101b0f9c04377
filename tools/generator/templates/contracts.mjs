// A new domain's contracts lib (catalog row with its sandbox, DTOs, subjects); the recording
// the sandbox and the tests' fake answer from is in the domain lib (domain.mjs). `n` holds the
// name in its spellings: name, Name, NAME.
import { project } from './project.mjs';

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
  @Matches(/^[A-Za-z0-9-]{1,64}$/u, { message: 'id must be 1 to 64 letters, digits or hyphens' })
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
  staleIfErrorMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  x402: true,
  timeoutMs: 10 * SECOND,
  // TODO: one example per recorded answer, and the failure triggers (see docs/sandbox.md).
  sandbox: {
    examples: [{ path: '/v1/${n.name}/abc-123', description: 'The recorded record.' }],
    triggers: [
      {
        path: '/v1/${n.name}/timeout-504',
        description: 'The upstream does not answer in time.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
} satisfies EndpointDefinition;

/** Every ${n.name} endpoint, in catalog order. */
export const ${n.NAME}_ENDPOINTS: readonly EndpointDefinition[] = [${n.NAME}_LOOKUP_ENDPOINT];
`,
  };
}
