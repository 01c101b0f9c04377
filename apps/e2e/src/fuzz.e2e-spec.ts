import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { ViesRecording } from '@nl/domain-validation';
// Issue 8, "survive hostile input": a bounded, seeded fuzz run against the standalone stack,
// every upstream faked on 127.0.0.1. Cases come from the served OpenAPI document (see
// libs/testing/src/fuzz); a failure is a 500 or other unexpected 5xx, an error that is not
// problem+json (unless the document gives that status a body of its own), a body that is not
// JSON, an API key echoed back, or no answer. `npm run fuzz` runs the same cases at scale.
import {
  FuzzGenerator,
  formatFailures,
  formatStatusTable,
  placeholdersOf,
  provisionAdminFixtures,
  runFuzz,
  serialize,
  startFuzzUpstreams,
  type FuzzContext,
  type FuzzStats,
  type FuzzUpstreams,
  type OpenApiDocument,
} from '@nl/testing';
import { jsonOf, startStack, type Stack } from './support/stack.js';

const SEED = 20_261_123;
/** The sweep (about 200 cases) and random ones after it: about 35 s on two shared cores. */
const CASES = 3_000;
const CONCURRENCY = 8;
/** Per-key limits are 100–600 a minute per endpoint; eight keys keep 429s rare. */
const KEYS = 8;
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

/** Operations with a running service: each must have answered 2xx at least once. */
const HAPPY_PATHS = [
  'cbs.sbi.index',
  'cbs.sbi.search',
  'cbs.sbi.lookup',
  'validation.vat.check',
  'validation.email.check',
  'validation.email.disposable',
  'validation.dns.records',
  'rdw.vehicle.lite',
  'rdw.vehicle.full',
  'account.get',
  'admin.accounts.create',
];

function successes(stats: FuzzStats, operation: string): number {
  const row = stats.byOperation.get(operation) ?? new Map<string, number>();
  return [...row].filter(([status]) => /^2\d\d$/.test(status)).reduce((n, [, c]) => n + c, 0);
}

describe('fuzzing the API from its OpenAPI document (standalone)', () => {
  let api: Stack;
  let upstreams: FuzzUpstreams;
  let ctx: FuzzContext;
  let stats: FuzzStats;
  let generator: FuzzGenerator;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    upstreams = await startFuzzUpstreams({
      rdw: { recording: rdwRecording, rows: recordedRows },
      vies: () => new ViesRecording(),
    });
    api = await startStack('standalone', {
      serviceEnv: upstreams.env,
      env: { ADMIN_TOKEN },
    });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++)
      keys.push((await api.account({ tier: 'premium', credits: 1_000_000 })).key);
    ctx = { keys, ...(await provisionAdminFixtures(api.url, ADMIN_TOKEN)) };
    doc = (await jsonOf(await api.get('/openapi.json'))) as OpenApiDocument;
    generator = new FuzzGenerator(doc, ctx, SEED);
    const { hostname, port } = new URL(api.url);
    stats = await runFuzz(generator, {
      host: hostname,
      port: Number(port),
      count: CASES,
      concurrency: CONCURRENCY,
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await upstreams?.close();
  });

  it('should build the same cases from the same seed, and other cases from another', () => {
    const bytes = (seed: number) =>
      [...new FuzzGenerator(doc, ctx, seed).cases(100)].map((c) =>
        serialize(c.request, 'h').toString('latin1'),
      );
    expect(bytes(SEED)).toEqual(bytes(SEED));
    expect(bytes(SEED + 1)).not.toEqual(bytes(SEED));
  });

  it('should cover every operation of the document and the undocumented routes', () => {
    const covered = new Set(stats.byOperation.keys());
    const missing = generator.operations.map((o) => o.id).filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
    expect(stats.cases).toBe(CASES);
  });

  it('should reach the services: every running operation answered 2xx at least once', () => {
    const unreached = HAPPY_PATHS.filter((op) => successes(stats, op) === 0);
    expect(unreached).toEqual([]);
  });

  it('should keep the server alive through every case', () => {
    expect(stats.serverDied).toBeUndefined();
  });

  it('should answer every case correctly (failure signatures below)', () => {
    const failures = formatFailures(stats, placeholdersOf(ctx));
    // The counts help to read the failures; the failures themselves are in the diff below.
    if (stats.failures.size) process.stdout.write(`${formatStatusTable(stats)}\n`);
    expect(failures).toBe('No failures.');
  });
});
