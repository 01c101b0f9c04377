// A property-based run from the committed openapi.json: for every operation, requests drawn
// valid from its schemas and rules must be accepted (never a 400), requests with one keyword
// of one member broken (pattern, range, enum, length, type), a required member left out, an
// unknown member added, or the object rules broken must be refused with 400 and the documented
// problem body, naming each wrong member once; and every answer (status, headers, body) must
// validate against the document. Test keys answer from the sandbox's recorded data; the limits
// are raised so the run meets no 429. `OPENAPI_PROPERTY_CASES` draws more valid requests per
// operation (a larger run), `OPENAPI_PROPERTY_SEED` another seed.
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import { KVK_REACH_KEYWORD } from '@nl/contracts-kvk';
import { IN_NETHERLANDS_KEYWORD, inNetherlands } from '@nl/contracts-property';
import { VIES_REGISTERED_KEYWORD, normaliseVatInput } from '@nl/contracts-validation';
import { recordedRegistry } from '@nl/domain-validation';
import { gatewayApp } from '@nl/gateway-app';
import {
  ResponseChecker,
  casesOf,
  operationsOf,
  requestOf,
  send,
  type ConformanceCase,
  type VendorRule,
} from '@nl/testing';
import { readFile } from 'node:fs/promises';
import { jsonOf, startStack, type Stack } from './support/stack.js';

const SEED = Number(process.env['OPENAPI_PROPERTY_SEED'] ?? 20_260_611);
const VALID_PER_OPERATION = Number(process.env['OPENAPI_PROPERTY_CASES'] ?? 12);
const CONCURRENCY = 4;

/** Limits no run reaches: the run is about the contract, not the rate limiter. */
const UNLIMITED: EndpointDefinition[] = ENDPOINT_CATALOG.map((e) => ({
  ...e,
  limits: Object.fromEntries(Object.keys(e.limits).map((tier) => [tier, 1_000_000])),
}));

/** The numbers the sandbox's VIES holds as valid: the only requesters it accepts. */
const VIES_HOLDS = new Set(recordedRegistry().map((r) => `${r.countryCode}${r.vatNumber}`));

const VENDOR_RULES: Record<string, VendorRule> = {
  // page × per_page, each its default when left out, at most the argument.
  [KVK_REACH_KEYWORD]: (max, values) =>
    Number(values['page'] ?? 1) * Number(values['per_page'] ?? 10) <= Number(max),
  [VIES_REGISTERED_KEYWORD]: (name, values) =>
    values[name as string] === undefined ||
    VIES_HOLDS.has(normaliseVatInput(String(values[name as string]))),
  [IN_NETHERLANDS_KEYWORD]: (names, values) => {
    const [lat, lon] = names as [string, string];
    return (
      values[lat] === undefined ||
      values[lon] === undefined ||
      inNetherlands(Number(values[lat]), Number(values[lon]))
    );
  },
};

/**
 * Operations whose valid requests no schema can draw: a batch job's items are the parameters of
 * the endpoint the job names, so only items made for that endpoint are valid. batches.e2e-spec
 * sends real jobs, valid and wrong, instead.
 */
const NOT_DRAWABLE = new Set(['batches.create']);

interface Outcome {
  readonly c: ConformanceCase;
  readonly status: number;
  readonly failures: string[];
}

/** What is wrong with the answer to a case; nothing when it is right. */
function judge(
  checker: ResponseChecker,
  c: ConformanceCase,
  status: number,
  text: string,
  headers: Headers,
): string[] {
  const failures = checker.problems(c, { status, text, headers });
  if (status === 500) failures.push('500');
  if (c.expect === 'valid') {
    if (status === 400)
      failures.push(
        `valid request refused: ${JSON.stringify((JSON.parse(text) as { errors?: unknown }).errors)}`,
      );
    return failures;
  }
  if (status !== 400) return [...failures, `invalid request answered ${status}`];
  const body = JSON.parse(text) as { code?: string; errors?: { field: string; message: string }[] };
  if (body.code !== 'validation_failed') failures.push(`code ${body.code}`);
  const fields = (body.errors ?? []).map((e) => e.field);
  if (new Set(fields).size !== fields.length) failures.push(`a field named twice: ${text}`);
  if (c.field !== undefined && (fields.length !== 1 || fields[0] !== c.field))
    failures.push(`expected one error for ${c.field}, got ${JSON.stringify(body.errors)}`);
  return failures;
}

async function runAll(api: Stack, key: string, cases: ConformanceCase[], checker: ResponseChecker) {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const answer = await send(api.url, key, c);
      outcomes.push({
        c,
        status: answer.status,
        failures: judge(checker, c, answer.status, answer.text, answer.headers),
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

describe('the API against its OpenAPI document, property by property (standalone, sandbox)', () => {
  let api: Stack;
  let testKey: string;
  let outcomes: Outcome[];
  let operations: ReturnType<typeof operationsOf>;

  beforeAll(async () => {
    const document = JSON.parse(
      await readFile(new URL('../../../openapi.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    api = await startStack('standalone', { gateway: gatewayApp({ catalog: UNLIMITED }) });
    const { accountId } = await api.account({ tier: 'premium', credits: 10 });
    testKey = (await api.accounts.createKey(accountId, 'properties', 'test')).key;
    operations = operationsOf(document).filter((operation) => !NOT_DRAWABLE.has(operation.id));
    const cases = operations.flatMap((operation, index) =>
      casesOf(operation, index, {
        seed: SEED,
        valid: VALID_PER_OPERATION,
        vendorRules: VENDOR_RULES,
      }),
    );
    outcomes = await runAll(api, testKey, cases, new ResponseChecker(document));
    const failed = outcomes.filter((o) => o.failures.length).length;
    process.stdout.write(
      `openapi property run: seed ${SEED}, ${operations.length} operations, ${outcomes.length} requests (${outcomes.filter((o) => o.c.expect === 'valid').length} valid), ${failed} failed, ${outcomes.filter((o) => o.status === 429).length} answered 429\n`,
    );
  }, 240_000);
  afterAll(() => api?.close());

  it('should run valid and invalid requests for every operation of the document', () => {
    for (const operation of operations) {
      const own = outcomes.filter((o) => o.c.operation.id === operation.id);
      expect([operation.id, own.some((o) => o.c.expect === 'valid')]).toEqual([operation.id, true]);
      if (operation.members.length)
        expect([operation.id, own.some((o) => o.c.expect === 'invalid')]).toEqual([
          operation.id,
          true,
        ]);
    }
  });

  it('should accept every valid request, refuse every invalid one with one error per wrong member, and answer as documented', () => {
    const failures = outcomes
      .filter((o) => o.failures.length)
      .map(
        (o) =>
          `${o.c.operation.id} ${o.c.what} ${requestOf(o.c).path} ${String(requestOf(o.c).init.body ?? '')} → ${o.status}: ${o.failures.join('; ')}`,
      );
    expect(failures.slice(0, 40)).toEqual([]);
  });

  it('should meet no rate limit of a catalog operation (their limits are raised)', () => {
    // The account operations keep their fixed per-key limits (60 and 30 a minute): a larger
    // run meets them, as documented.
    const limited = outcomes.filter(
      (o) => o.status === 429 && !o.c.operation.id.startsWith('account.'),
    );
    expect(limited.map((o) => o.c.operation.id)).toEqual([]);
  });

  it.each([
    [
      '/v1/dso/plans?lon=5.1',
      [{ field: 'lat', message: 'give lat and lon, or postcode and huisnummer' }],
    ],
    [
      '/v1/property/woz-waarde?house_number=93',
      [{ field: 'postcode', message: 'postcode is required without an id' }],
    ],
    ['/v1/cbs/sbi/search', [{ field: 'q', message: 'q is required' }]],
    [
      '/v1/ndw/laadpunten?lat=abc',
      [
        { field: 'lat', message: 'lat must be a number conforming to the specified constraints' },
        { field: 'lon', message: 'lon is required with lat' },
      ],
    ],
  ])('should give %s one error per wrong field', async (path, errors) => {
    const res = await api.get(path, { 'x-api-key': testKey });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).errors).toEqual(errors);
  });
});
