import { Validator } from '@seriousme/openapi-schema-validator';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { withReadmeBlock } from '@nl/composition';
import { generateOpenApiDocument, openApiText } from '@nl/gateway-access';
import { renderSandboxTable, sandboxCall } from '@nl/gateway-core';
import { formatCredits } from '@nl/contracts-core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFile } from 'node:fs/promises';

const COMMITTED = new URL('../../../openapi.json', import.meta.url);
const README = new URL('../../../README.md', import.meta.url);
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

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

  it('should match the committed openapi.json (run `npm run openapi` after changing the API)', async () => {
    expect((await readFile(COMMITTED, 'utf8')) === openApiText(document)).toBe(true);
  });

  it('should keep the README sandbox table as `npm run openapi` writes it', async () => {
    const readme = await readFile(README, 'utf8');
    expect(readme).toBe(
      withReadmeBlock(readme, 'sandbox-table', renderSandboxTable(ENDPOINT_CATALOG)),
    );
  });
});
