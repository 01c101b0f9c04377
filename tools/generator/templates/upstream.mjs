// The domain's upstream in its own folder: the HTTP client and its registration, the raw and
// API types, the mapper with its spec, and the recording the sandbox and the tests answer from.

/** libs/domains/<name>/src/upstream/<name>. */
export function upstreamFiles(n) {
  const up = `libs/domains/${n.name}/src/upstream/${n.name}`;
  return {
    [`${up}/${n.name}.client.ts`]: `import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
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

/**
 * HTTP only: one request per record. No answer in time, or an answer other than the record or
 * 404, is an UpstreamError, which the platform's mapping turns into 503 (504 for a timeout).
 * TODO: the upstream's real path and query, and what its error answers mean.
 */
@Injectable()
export class ${n.Name}Client {
  constructor(@InjectUpstream('${n.name}') private readonly upstream: Upstream) {}

  /** The raw record, null when the upstream has none; throws UpstreamError otherwise. */
  async record(id: string, scope: RequestScope): Promise<Raw${n.Name}Record | null> {
    const response = await this.upstream.request<Raw${n.Name}Record>(
      { path: \`/records/\${encodeURIComponent(id)}\` },
      scope,
    );
    if (response.status === 404) return null;
    if (response.status !== 200 || typeof response.body !== 'object' || response.body === null)
      throw new UpstreamError(
        '${n.name}',
        'unavailable',
        \`${n.name} answered HTTP \${response.status}\`,
      );
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
  };
}
