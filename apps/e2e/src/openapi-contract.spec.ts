import type { OpenAPI3, OperationObject, PathItemObject } from 'openapi-typescript';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typecheckClient } from './support/typed-client.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMMITTED = join(ROOT, 'openapi.json');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface LintTotals {
  readonly errors: number;
  readonly warnings: number;
}
interface LintReport {
  readonly totals: LintTotals;
  readonly problems: ReadonlyArray<{ ruleId: string; message: string; location: unknown }>;
}

/**
 * `redocly lint` of a file with the project's redocly.yaml (the recommended rules), as
 * `npm run lint:openapi` runs it; telemetry and the update check are off, so nothing leaves
 * the machine.
 */
function lint(file: string): LintReport {
  const run = spawnSync(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (!run.stdout.trim().startsWith('{')) throw new Error(`redocly failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as LintReport;
}

const committed = () => JSON.parse(readFileSync(COMMITTED, 'utf8')) as OpenAPI3;

/** The GET operation of a path in a document a test edits; the test cannot run without it. */
function getOf(document: OpenAPI3, path: string): OperationObject {
  const operation = (document.paths?.[path] as PathItemObject | undefined)?.get;
  if (!operation) throw new Error(`the document lost GET ${path}`);
  return operation;
}

describe('the OpenAPI contract (the committed openapi.json)', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'openapi-contract-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('should pass the Redocly lint (recommended rules) without an error or a warning', () => {
    const report = lint(COMMITTED);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('should have a lint that finds errors: a copy without servers and with an unknown $ref fails', () => {
    const broken = committed();
    broken.servers = [];
    getOf(broken, '/v1/cbs/sbi/{code}').responses = {
      '200': { $ref: '#/components/responses/Nowhere' },
    };
    const file = join(scratch, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    const report = lint(file);
    expect(report.totals.errors).toBeGreaterThanOrEqual(2);
    expect(report.problems.map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['no-empty-servers', 'no-unresolved-refs']),
    );
  });

  it('should give a typed client (openapi-typescript) that calls every operation with its parameters', async () => {
    const document = committed();
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      ['get', 'post'].filter((m) => (item as Record<string, unknown>)[m]),
    );
    const result = await typecheckClient(document);
    expect(result.diagnostics).toEqual([]);
    expect(result.operations).toBe(operations.length);
    expect(result.operations).toBeGreaterThan(20);
  });

  it('should fail that typecheck when an operation loses its parameters or its answer type', async () => {
    const withoutParameters = committed();
    getOf(withoutParameters, '/v1/rdw/vehicle-lite').parameters = [];
    // The calls are those of the committed document: they send a parameter the types lack.
    const unparameterised = await typecheckClient(withoutParameters, committed());
    expect(unparameterised.diagnostics.join('\n')).toMatch(/license_plate/);

    const withoutAnswer = committed();
    getOf(withoutAnswer, '/v1/cbs/sbi/{code}').responses = {
      ...getOf(withoutAnswer, '/v1/cbs/sbi/{code}').responses,
      '200': { description: 'No body type.' },
    };
    const untyped = await typecheckClient(withoutAnswer);
    expect(untyped.diagnostics).toEqual([
      expect.stringMatching(/Type 'true' is not assignable to type 'false'/),
    ]);
  });
});
