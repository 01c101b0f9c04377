import { DOMAIN_PARTS } from '@nl/composition';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { SBI_LOOKUP_ENDPOINT } from '@nl/contracts-cbs';
import { EMAIL_DISPOSABLE_ENDPOINT } from '@nl/contracts-validation';
import { generateOpenApiDocument } from '@nl/gateway-access';
import { asyncApiText, createAsyncApiDocument } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { ServiceClient } from '@nl/platform-transport';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { startStack, jsonOf, type Stack } from './support/stack.js';

const require = createRequire(import.meta.url);
const COMMITTED = new URL('../../../asyncapi.json', import.meta.url);
// CommonJS packages, loaded as CommonJS: the class and the plugin are their module.exports.
type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
const Ajv = require('ajv') as new (options: object) => { compile(schema: object): Validator };
const addFormats = require('ajv-formats') as (ajv: object) => unknown;

type Doc = {
  channels: Record<string, { address: string }>;
  operations: Record<string, { description: string }>;
};

describe('the AsyncAPI document of the service subjects', () => {
  let document: Record<string, unknown>;
  beforeAll(async () => {
    document = createAsyncApiDocument(await generateOpenApiDocument(), ENDPOINT_CATALOG);
  });

  it('should validate against the AsyncAPI 3.1.0 schema', () => {
    const schema = require('@asyncapi/specs/schemas/3.1.0-without-$id.json') as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(document);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('should list every subject of every built domain, with its queue group', () => {
    const doc = document as unknown as Doc;
    const addresses = Object.values(doc.channels).map((c) => c.address);
    for (const [domain, part] of Object.entries(DOMAIN_PARTS)) {
      const subjects = ENDPOINT_CATALOG.filter((e) => e.domain === domain).map((e) => e.subject);
      expect(subjects.length).toBeGreaterThan(0);
      expect(addresses).toEqual(expect.arrayContaining(subjects));
      for (const e of ENDPOINT_CATALOG.filter((x) => x.domain === domain))
        expect(doc.operations[e.id].description).toContain(`queue group \`${part.queue}\``);
    }
  });

  it('should match the committed asyncapi.json (run `npm run openapi` after changing the API)', async () => {
    expect((await readFile(COMMITTED, 'utf8')) === asyncApiText(document)).toBe(true);
  });
});

describe('the typed service client against a running service', () => {
  let api: Stack;
  let client: ServiceClient;
  beforeAll(async () => {
    api = await startStack('standalone');
    client = api.gateway.get(ServiceClient);
  });
  afterAll(() => api.close());

  it('should call two subjects by their catalog rows and get typed envelopes', async () => {
    const sbi = await client.call(SBI_LOOKUP_ENDPOINT, { code: '62.10' });
    expect(sbi.data.found).toBe(true);
    expect(sbi.data.result?.code).toBe('6210');
    expect(sbi.meta.source).toBeTruthy();
    const disposable = await client.call(EMAIL_DISPOSABLE_ENDPOINT, {
      email: 'someone@mailinator.com',
    });
    expect(disposable.data.disposable).toBe(true);
    // @ts-expect-error: the payload is typed by the row's request DTO
    await client.call(SBI_LOOKUP_ENDPOINT, { kode: '62.10' }).catch(() => undefined);
  });

  it('should have the service validate what it is sent, as every caller is untrusted', async () => {
    const error = await client.call(SBI_LOOKUP_ENDPOINT, { code: 'b@d' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_failed' });
  });

  it('should fail as a coded error the caller can act on', async () => {
    const error = await client
      .call(SBI_LOOKUP_ENDPOINT, { code: '99.99' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('not_found');
  });

  it('should serve the document at /asyncapi.json next to the OpenAPI', async () => {
    const res = await api.fetch('/asyncapi.json');
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).asyncapi).toBe('3.1.0');
  });
});
