// The files of a new domain lib and its app, in the one layout every domain has (README
// "Adding a domain"). `n` holds the name in its spellings: name, Name, NAME.

const jestUnit = (project, depth) => `module.exports = {
  displayName: '${project}',
  preset: '${'../'.repeat(depth)}jest.preset.cjs',
  rootDir: __dirname,
  // Integration specs (real database, servers, fakes) run in the \`test:int\` target.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
`;

const jestInt = (
  project,
  depth,
) => `// Integration specs of ${project}: real databases, transports and fake upstreams. Kept out of
// the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: '${project}:int',
  preset: '${'../'.repeat(depth)}jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
`;

const project = (name, root, type, tags, targets) =>
  `${JSON.stringify(
    {
      name,
      $schema: `${'../'.repeat(root.split('/').length)}node_modules/nx/schemas/project-schema.json`,
      sourceRoot: `${root}/src`,
      projectType: type,
      tags,
      ...(targets && { targets }),
    },
    null,
    2,
  )}\n`;

/**
 * The domain lib. `c` says what the contracts offer: `query` (a request DTO, or null when the
 * contracts have none yet), `subject` and `endpoint` (the constants the capability serves).
 */
export function domainFiles(n, c) {
  const root = `libs/domains/${n.name}`;
  const src = `${root}/src`;
  const up = `${src}/upstream/${n.name}`;
  const payloadType = c.query ?? 'Readonly<Record<string, unknown>>';
  const idOf = c.query ? 'query.id' : "String(query['id'] ?? '')";
  return {
    [`${root}/project.json`]: project(
      `domain-${n.name}`,
      root,
      'library',
      ['type:domain', `scope:${n.name}`],
      {
        'test:int': {
          executor: 'nx:run-commands',
          options: {
            command: `jest -c ${root}/jest.int.config.cjs`,
            env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' },
          },
        },
      },
    ),
    [`${root}/jest.config.cjs`]: jestUnit(`domain-${n.name}`, 3),
    [`${root}/jest.int.config.cjs`]: jestInt(`domain-${n.name}`, 3),
    [`${src}/index.ts`]: `export * from './${n.name}.app.js';
export * from './${n.name}.config.js';
export * from './${n.name}.module.js';
export { ${n.name}Recording } from './upstream/${n.name}/${n.name}.recording.js';
`,
    [`${src}/${n.name}.app.ts`]: `import { ${n.NAME}_QUEUE } from '@nl/contracts-${n.name}';
import type { AppPart } from '@nl/platform-runtime';
import { ${n.NAME}_CONFIG } from './${n.name}.config.js';
import { ${n.Name}Module } from './${n.name}.module.js';

/** The ${n.name} service as a part of a process: its module, its settings and its queue group. */
export const ${n.NAME}_APP: AppPart = {
  imports: [${n.Name}Module],
  config: [${n.NAME}_CONFIG],
  queue: ${n.NAME}_QUEUE,
};
`,
    [`${src}/${n.name}.module.ts`]: `import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { LookupHandler } from './lookup/lookup.handler.js';
import { LookupService } from './lookup/lookup.service.js';
import { ${n.NAME}_UPSTREAM, ${n.Name}Client } from './upstream/${n.name}/${n.name}.client.js';

/** The ${n.name} domain. TODO: say in one line what it serves and from where. */
@Module({
  imports: [CacheModule.forDomain('${n.name}'), UpstreamModule.register(${n.NAME}_UPSTREAM)],
  controllers: [LookupHandler],
  providers: [${n.Name}Client, LookupService],
})
export class ${n.Name}Module {}
`,
    [`${src}/${n.name}.config.ts`]: `import { defineConfigSection } from '@nl/platform-config';

export interface ${n.Name}Settings {
  /** Base URL of the upstream; null (unset or off): lookups answer 503 (not configured). */
  readonly url: string | null;
  readonly apiKey: string | null;
}

/** What the ${n.name} service reads from the environment; no other process loads it. */
export const ${n.NAME}_CONFIG = defineConfigSection<${n.Name}Settings>(
  '${n.name}',
  [
    {
      name: '${n.NAME}_URL',
      description:
        'Base URL of the ${n.name} upstream (TODO: its production URL as the default if it needs no key). Unset or \`off\`: ${n.name} lookups answer 503 (not configured).',
      example: 'https://api.example.org/${n.name}',
      upstream: 'http',
    },
    {
      name: '${n.NAME}_API_KEY',
      description: 'API key of the ${n.name} upstream (TODO: where to get one), sent as X-Api-Key.',
      secret: true,
    },
  ],
  (read) => ({ url: read.url('${n.NAME}_URL'), apiKey: read.string('${n.NAME}_API_KEY') }),
);
`,
    [`${src}/lookup/lookup.handler.ts`]: `import { MessagePattern, Payload } from '@nestjs/microservices';
import { ${[n.NAME + '_SUBJECTS', c.query].filter(Boolean).join(', ')} } from '@nl/contracts-${n.name}';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { LookupService } from './lookup.service.js';

/** Transport entry points of the ${n.name} service: validation by DTO, then one call. */
@RpcHandlers()
export class LookupHandler {
  constructor(private readonly lookups: LookupService) {}

  @MessagePattern(${n.NAME}_SUBJECTS.${c.subject})
  lookup(@Payload() query: ${payloadType}) {
    return this.lookups.lookup(${idOf}, requestScope());
  }
}
`,
    [`${src}/lookup/lookup.service.ts`]: `import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { ${c.endpoint} } from '@nl/contracts-${n.name}';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { ${n.Name}Client } from '../upstream/${n.name}/${n.name}.client.js';
import { to${n.Name}Record } from '../upstream/${n.name}/${n.name}.mapper.js';
import type { ${n.Name}Record } from '../upstream/${n.name}/${n.name}.types.js';

const SOURCE = '${n.name}';

/**
 * Records by id through the cache, by the endpoint row's policy (its TTL, and its stale-if-error
 * window when the upstream fails); the upstream is asked once per id per TTL.
 */
@Injectable()
export class LookupService {
  constructor(
    private readonly client: ${n.Name}Client,
    private readonly cache: DomainCache,
  ) {}

  async lookup(id: string, scope: RequestScope): Promise<ReplyEnvelope<${n.Name}Record>> {
    const cached = await this.cache.through(
      cacheKey(scope, ${c.endpoint}, \`record:\${id}\`),
      () => this.client.record(id, scope),
    );
    if (!cached.value) throw DomainError.notFound({ found: false, id }, \`No record \${id}.\`);
    return replyEnvelope(SOURCE, { ...cached, value: to${n.Name}Record(cached.value) });
  }
}
`,
    [`${up}/${n.name}.client.ts`]: `import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import {
  InjectUpstream,
  Upstream,
  UpstreamError,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { ${n.NAME}_CONFIG, type ${n.Name}Settings } from '../../${n.name}.config.js';
import { ${n.name}Recording } from './${n.name}.recording.js';
import type { Raw${n.Name}Record } from './${n.name}.types.js';

/** The ${n.name} upstream: 4 s per attempt, one retry. TODO: its real limits. */
export const ${n.NAME}_UPSTREAM: UpstreamRegistration<${n.Name}Settings> = {
  name: '${n.name}',
  config: ${n.NAME}_CONFIG,
  // TODO: an upstream that needs a key is configured only with one (url && apiKey ? … : null),
  // so until the key is set the answer is 503 (not configured), never a fake answer.
  client: ({ url, apiKey }) =>
    url
      ? {
          baseUrl: url,
          timeoutMs: 4_000,
          retries: 1,
          backoffMs: 200,
          headers: apiKey ? { 'x-api-key': apiKey } : undefined,
        }
      : null,
  notConfigured: '${n.Name} lookups need ${n.NAME}_URL on this server.',
  recording: ${n.name}Recording(),
};

/** The upstream gave no usable answer: a cached record may stand in, else 503. */
export class ${n.Name}Unavailable extends UpstreamError {
  constructor(reason: string) {
    super('${n.name}', 'unavailable', \`${n.name} upstream: \${reason}\`);
  }

  override toDomainError(): DomainError {
    return new DomainError('upstream_unavailable', \`\${this.message}; try again shortly.\`, {
      retryAfterSeconds: 60,
      details: { upstream: '${n.name}' },
    });
  }
}

/** HTTP only: one request per record. TODO: the upstream's real path and query. */
@Injectable()
export class ${n.Name}Client {
  constructor(@InjectUpstream('${n.name}') private readonly upstream: Upstream) {}

  /** The raw record, null when the upstream has none; throws ${n.Name}Unavailable otherwise. */
  async record(id: string, scope: RequestScope): Promise<Raw${n.Name}Record | null> {
    let response;
    try {
      response = await this.upstream.request<Raw${n.Name}Record>(
        { path: \`/records/\${encodeURIComponent(id)}\` },
        scope,
      );
    } catch (error) {
      if (error instanceof UpstreamError) throw new ${n.Name}Unavailable(error.kind);
      throw error;
    }
    if (response.status === 404) return null;
    if (response.status !== 200 || typeof response.body !== 'object' || response.body === null)
      throw new ${n.Name}Unavailable(\`HTTP \${response.status}\`);
    return response.body;
  }
}
`,
    [`${up}/${n.name}.types.ts`]: `/** A record as the upstream sends it. TODO: the upstream's real fields. */
export interface Raw${n.Name}Record {
  readonly id: string;
  readonly name?: string | null;
}

/** A record as the API answers it. TODO: the fields of the product spec. */
export interface ${n.Name}Record {
  readonly id: string;
  readonly name: string | null;
}
`,
    [`${up}/${n.name}.mapper.ts`]: `import type { ${n.Name}Record, Raw${n.Name}Record } from './${n.name}.types.js';

/** The API's record from the upstream's. TODO: map every field of the product spec. */
export function to${n.Name}Record(raw: Raw${n.Name}Record): ${n.Name}Record {
  return { id: raw.id, name: raw.name?.trim() || null };
}
`,
    [`${up}/recorded/record.json`]: `${JSON.stringify(
      { id: 'abc-123', name: 'Example record (illustrative shape, not a recording)' },
      null,
      2,
    )}\n`,
    [`${up}/recorded/PROVENANCE.md`]: `# Recorded ${n.name} answers — provenance

TODO: replace \`record.json\` with real recorded answers of the upstream (test fixtures of
public projects, or the upstream's own examples), unchanged, and name the source of each here:
repository, path and commit, or the page. The sandbox answers test keys from these files and
the tests' fake serves them over HTTP.

| file | source | what |
| --- | --- | --- |
| \`record.json\` | none: an illustrative shape made by \`npm run new-domain\` | TODO |
`,
    [`${up}/${n.name}.recording.ts`]: `import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { Raw${n.Name}Record } from './${n.name}.types.js';

const read = (file: string): Raw${n.Name}Record =>
  JSON.parse(
    readFileSync(new URL(\`./recorded/\${file}\`, import.meta.url), 'utf8'),
  ) as Raw${n.Name}Record;

/** Ids that make the upstream misbehave in the sandbox. TODO: one per failure the live path knows. */
const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  'timeout-504': { fail: 'timeout' },
};

/**
 * The ${n.name} upstream as recorded (recorded/PROVENANCE.md): \`GET /records/:id\` answers the
 * recorded record, 404 for an id the recording lacks, and the triggers' failures. The sandbox
 * answers test keys from it; the tests' fake serves it over HTTP. TODO: the upstream's real paths.
 */
export function ${n.name}Recording(): Recording {
  const records = new Map([read('record.json')].map((r) => [r.id, r]));
  return {
    upstream: '${n.name}',
    answer: (request) => {
      const id = /^\\/records\\/([^/]+)$/.exec(request.path)?.[1];
      if (id === undefined) return { status: 404, body: { error: 'no such path' } };
      const key = decodeURIComponent(id);
      const record = records.get(key);
      return TRIGGERS[key] ?? (record ? { body: record } : { status: 404, body: { error: 'not found' } });
    },
  };
}
`,
    [`${up}/${n.name}.mapper.spec.ts`]: `import { readFileSync } from 'node:fs';
import { to${n.Name}Record } from './${n.name}.mapper.js';
import type { Raw${n.Name}Record } from './${n.name}.types.js';

const SAMPLE = JSON.parse(
  readFileSync(new URL('./recorded/record.json', import.meta.url), 'utf8'),
) as Raw${n.Name}Record;

describe(to${n.Name}Record.name, () => {
  it('should map the recorded record', () => {
    expect(to${n.Name}Record(SAMPLE)).toEqual({ id: SAMPLE.id, name: SAMPLE.name });
  });

  it('should turn an empty name into null', () => {
    expect(to${n.Name}Record({ id: 'x', name: '  ' })).toEqual({ id: 'x', name: null });
  });
});
`,
    [`apps/${n.name}/project.json`]: project(n.name, `apps/${n.name}`, 'application', [
      'type:app',
      `scope:${n.name}`,
    ]),
    [`apps/${n.name}/src/main.ts`]: `import 'reflect-metadata';
import { ${n.NAME}_APP } from '@nl/domain-${n.name}';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The ${n.name} service in the distributed profile: NATS queue group \`${n.name}\`, Postgres, Redis.
// Its HTTP port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: '${n.name}', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [${n.NAME}_APP]));
});
`,
  };
}

export { project, jestUnit };
