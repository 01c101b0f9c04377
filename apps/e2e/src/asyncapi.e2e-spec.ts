import { Parser } from '@asyncapi/parser';
import { DOMAIN_PARTS } from '@nl/composition';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { SBI_LOOKUP_ENDPOINT } from '@nl/contracts-cbs';
import { CACHE_BYPASS_HEADER, REQUEST_ID_HEADER, SANDBOX_HEADER } from '@nl/contracts-core';
import { EMAIL_DISPOSABLE_ENDPOINT } from '@nl/contracts-validation';
import { generateOpenApiDocument } from '@nl/gateway-app';
import {
  SERVICE_ERROR_CODES,
  ServiceErrorScan,
  asyncApiText,
  createAsyncApiDocument,
} from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { ServiceClient } from '@nl/platform-transport';
import { getMetadataStorage } from 'class-validator';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv, addFormats, messageSchemas, refName, type AsyncApiDoc } from './support/asyncapi.js';
import { startStack, jsonOf, type Stack } from './support/stack.js';

const require = createRequire(import.meta.url);
const COMMITTED = new URL('../../../asyncapi.json', import.meta.url);

/** The members a DTO validates (and so accepts), and those it does not let be left out. */
function dtoMembers(type: new () => object) {
  const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  const names = [...new Set(rules.map((r) => r.propertyName))].sort();
  const optional = new Set(
    rules.filter((r) => r.type === 'conditionalValidation').map((r) => r.propertyName),
  );
  return { names, required: names.filter((n) => !optional.has(n)) };
}

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

  it('should parse with @asyncapi/parser without an error or a warning, and no anonymous model', async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(asyncApiText(document));
    expect(diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    // Objects and enumerations become models in generated code: each has a name of its own.
    const anonymous = (parsed?.allSchemas().all() ?? [])
      .filter((s) => s.id().startsWith('<anonymous') && !s.title())
      .filter((s) => s.enum() !== undefined || (s.type() === 'object' && s.properties()))
      .map((s) => JSON.stringify(s.json()).slice(0, 100));
    expect(anonymous).toEqual([]);
    for (const message of parsed?.allMessages().all() ?? []) {
      expect(message.payload()?.id()).not.toMatch(/^<anonymous/);
      if (message.hasHeaders()) expect(message.headers()?.id()).not.toMatch(/^<anonymous/);
    }
  });

  it("should reply to the caller's inbox, not to the request subject", () => {
    const doc = document as unknown as AsyncApiDoc;
    for (const { id, subject } of ENDPOINT_CATALOG) {
      const { reply } = doc.operations[id];
      expect(reply.channel).toEqual({ $ref: `#/channels/${id}.reply` });
      expect(doc.channels[`${id}.reply`].address).toBeNull();
      expect(reply.address['location']).toMatch(/^\$message\.header#\//);
      expect(doc.channels[id].address).toBe(subject);
    }
  });

  it("should list the error codes read from the services' source (run `npm run openapi` after changing them)", () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    expect(SERVICE_ERROR_CODES).toEqual(new ServiceErrorScan(root).codes());
    const doc = document as unknown as AsyncApiDoc;
    for (const { id, subject } of ENDPOINT_CATALOG) {
      const detail = doc.components.schemas[`${messageSchemas(doc, id).error}Detail`];
      const code = (detail['properties'] as Record<string, { enum: string[] }>)['code'];
      expect(code.enum).toEqual(SERVICE_ERROR_CODES[subject]);
      // Every subject can be sent a message that is not JSON, or not its request object.
      expect(code.enum).toEqual(expect.arrayContaining(['bad_request', 'validation_failed']));
    }
  });

  it('should read the same codes whatever the root is spelled like, and upstream codes only where an upstream is asked', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const codes = new ServiceErrorScan(root).codes();
    expect(new ServiceErrorScan(root.replace(/\/$/, '')).codes()).toEqual(codes);
    // Industry codes are imported data: the shared cache passes upstream failures on, but the
    // cbs service asks no upstream. RDW's lookups do.
    expect(codes['cbs.sbi.lookup']).not.toContain('upstream_unavailable');
    expect(codes['cbs.sbi.lookup']).not.toContain('upstream_timeout');
    expect(codes['rdw.vehicle.lite']).toEqual(
      expect.arrayContaining(['upstream_unavailable', 'upstream_timeout']),
    );
  });

  it('should type the ServiceClient as the document says: the request DTO, the reply DTO, the headers', () => {
    const doc = document as unknown as AsyncApiDoc;
    for (const row of ENDPOINT_CATALOG) {
      if (!row.request || !row.response) throw new Error(`${row.id} lacks its DTOs`);
      const names = messageSchemas(doc, row.id);
      expect(names.request).toBe(row.request.name);
      const request = doc.components.schemas[names.request] as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      const dto = dtoMembers(row.request as new () => object);
      expect(Object.keys(request.properties).sort()).toEqual(dto.names);
      expect([...(request.required ?? [])].sort()).toEqual(dto.required);
      const reply = doc.components.schemas[names.reply] as {
        properties: { data: unknown; meta: unknown };
      };
      expect(refName(reply.properties.data)).toBe(row.response.name);
      expect(refName(reply.properties.meta)).toBe('ReplyMeta');
    }
    const headers = doc.components.schemas['ServiceRequestHeaders']['properties'] as object;
    expect(Object.keys(headers).sort()).toEqual(
      [CACHE_BYPASS_HEADER, REQUEST_ID_HEADER, SANDBOX_HEADER].sort(),
    );
  });

  it('should list every subject of every built domain, with its queue group', () => {
    const doc = document as unknown as AsyncApiDoc;
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
