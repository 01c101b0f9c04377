import { Validator } from '@seriousme/openapi-schema-validator';
import { ENDPOINT_CATALOG, findEndpoint } from '@nl/contracts-catalog';
import { GENERATED_PAGES, withGeneratedBlock } from '@nl/composition';
import { generateOpenApiDocument, openApiText } from '@nl/gateway-app';
import { renderSandboxTable, sandboxCall } from '@nl/gateway-core';
import { formatCredits, openApiPath, type EndpointDefinition } from '@nl/contracts-core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFile } from 'node:fs/promises';

type Operation = {
  operationId: string;
  tags?: string[];
  parameters?: {
    name: string;
    in?: string;
    required?: boolean;
    description?: string;
    schema?: { example?: unknown };
  }[];
  responses: Record<
    string,
    { content?: Record<string, unknown>; headers?: Record<string, unknown> }
  >;
};

/** A row announced but not built: a planned endpoint documented in full. */
const PLANNED: EndpointDefinition = {
  ...findEndpoint('cbs.sbi.lookup'),
  id: 'cbs.planned.get',
  paths: ['/v1/test/planned'],
  subject: 'cbs.planned.get',
  planned: true,
};

/** The success answer of an operation: its 200, or its 202 where it queues work. */
const success = (operation: Operation) => operation.responses['200'] ?? operation.responses['202'];

const COMMITTED = new URL('../../../openapi.json', import.meta.url);
const SANDBOX_PAGE = new URL(`../../../${GENERATED_PAGES.sandboxTable}`, import.meta.url);

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;
  beforeAll(async () => {
    document = await generateOpenApiDocument();
  });

  it('should be valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(JSON.parse(openApiText(document)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('should list every catalog path with its price and limits', () => {
    for (const endpoint of ENDPOINT_CATALOG) {
      for (const path of endpoint.paths) {
        const operation =
          document.paths[openApiPath(path)]?.[endpoint.method.toLowerCase() as 'get' | 'post'];
        expect(operation).toBeDefined();
        expect(operation?.description).toContain(
          `**Price:** ${formatCredits(endpoint.price.fresh)} credits`,
        );
        expect(operation?.description).toContain('**Rate limits per API key:**');
        for (const trigger of endpoint.sandbox?.triggers ?? [])
          expect(operation?.description).toContain(
            `\`${sandboxCall(endpoint.method, trigger)}\` → ${trigger.status}`,
          );
      }
    }
  });

  const operations = () =>
    Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, Operation>),
    );

  it('should carry the product version and license, servers and the two key schemes', async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
    );
    expect(document.info.version).toBe(manifest.version);
    expect(document.info.license?.name).toMatch(/\w/);
    expect(document.servers?.length).toBeGreaterThan(0);
    expect(document.components?.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
      bearer: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
  });

  it('should put each operation under one tag, declared once with a description', () => {
    const declared = (document.tags ?? []).map((t) => t.name);
    expect(new Set(declared).size).toBe(declared.length);
    for (const tag of document.tags ?? []) expect(tag.description).toMatch(/\w/);
    for (const operation of operations()) {
      expect(operation.tags).toHaveLength(1);
      expect(declared).toContain(operation.tags?.[0]);
    }
    const ids = operations().map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should describe every parameter with a schema, an example and a description', () => {
    for (const operation of operations())
      for (const parameter of operation.parameters ?? []) {
        expect([operation.operationId, parameter.name, parameter.description]).toEqual([
          operation.operationId,
          parameter.name,
          expect.stringMatching(/\w/),
        ]);
        expect(parameter.schema?.example).toBeDefined();
      }
  });

  it('should answer errors as problem+json and name the headers each answer carries', () => {
    const headers = document.components?.headers ?? {};
    for (const name of ['RateLimit-Remaining', 'RateLimit', 'RateLimit-Policy', 'X-Cache', 'Age'])
      expect(headers).toHaveProperty([name]);
    for (const operation of operations()) {
      for (const status of ['400', '401', '429', '503'])
        expect(operation.responses[status]?.content).toHaveProperty(['application/problem+json']);
      expect(operation.responses['429'].headers).toHaveProperty(['Retry-After']);
      expect(success(operation).headers).toHaveProperty(['RateLimit-Remaining']);
    }
    const lookup = document.paths['/v1/cbs/sbi/{code}'].get as unknown as Operation;
    expect(lookup.responses['200'].headers).toEqual(
      expect.objectContaining({
        'X-Cache': expect.anything(),
        'X-Credits-Charged': expect.anything(),
      }),
    );
    expect(lookup.responses['404'].content).toHaveProperty(['application/json']);
    const vat = document.paths['/v1/validate/vat'].post as unknown as Operation;
    expect(Object.keys(vat.responses['503'].content ?? {})).toEqual([
      'application/json',
      'application/problem+json',
    ]);
  });

  it('should name X-Request-Id on every success, and the account answers as conditional', () => {
    for (const operation of operations())
      expect([operation.operationId, success(operation).headers]).toEqual([
        operation.operationId,
        expect.objectContaining({ 'X-Request-Id': expect.anything() }),
      ]);
    const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
    for (const path of ['/v1/account', '/v1/account/usage']) {
      const operation = document.paths[path].get as unknown as Operation;
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false }),
      );
      expect(operation.responses['200'].headers).toEqual(
        expect.objectContaining({ ETag: header('ETag'), 'Cache-Control': header('Cache-Control') }),
      );
      expect(operation.responses['304']).toEqual({
        description: expect.stringContaining('If-None-Match'),
        headers: expect.objectContaining({
          ETag: header('ETag'),
          'X-Request-Id': header('X-Request-Id'),
        }),
      });
    }
    expect(document.components?.headers).toHaveProperty(['ETag']);
  });

  it('should mark a catalog row that is not built yet `x-status: planned`, schemas and all', async () => {
    const planned = await generateOpenApiDocument([...ENDPOINT_CATALOG, PLANNED]);
    const operation = planned.paths['/v1/test/planned'].get as unknown as Operation &
      Record<string, unknown>;
    expect(operation['x-status']).toBe('planned');
    expect(operation.responses['200'].content).toHaveProperty(['application/json']);
    expect(document.paths['/v1/cbs/sbi'].get).not.toHaveProperty(['x-status']);
  });

  it('should match the committed openapi.json (run `npm run openapi` after changing the API)', async () => {
    expect((await readFile(COMMITTED, 'utf8')) === openApiText(document)).toBe(true);
  });

  it('should keep the sandbox table of docs/sandbox.md as `npm run openapi` writes it', async () => {
    const page = await readFile(SANDBOX_PAGE, 'utf8');
    expect(page).toBe(
      withGeneratedBlock(page, 'sandbox-table', renderSandboxTable(ENDPOINT_CATALOG)),
    );
  });
});
