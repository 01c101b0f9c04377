import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import { AccountsService } from '@nl/gateway-access';
import { createOpenApiDocument } from '@nl/gateway-core';
import {
  renderLlmsFullTxt,
  renderLlmsTxt,
  steadyAnswer,
  type LlmsFileName,
  type SandboxAnswer,
} from '@nl/gateway-discovery';
import { loadPlatformConfig, withUpstreamStandIns } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, startApp } from '@nl/platform-runtime';
import { randomUUID } from 'node:crypto';
import { everyPart } from './parts.js';

/**
 * Where a generation's upstreams point: a closed port of this machine. A test key never asks
 * an upstream (its answers come from the recordings), so making the files never leaves it.
 */
const NOWHERE = { http: 'http://127.0.0.1:9', dns: '127.0.0.1:9' };

/**
 * The answer the sandbox gives to each endpoint's first example, asked over HTTP of the whole
 * API running in this process on a free port of 127.0.0.1. The key is a test key of a Premium
 * account, which every endpoint admits; a test key's answers are the same for every tier.
 */
async function sandboxAnswers(
  app: NestFastifyApplication,
  url: string,
  catalog: readonly EndpointDefinition[],
): Promise<Map<string, SandboxAnswer>> {
  const accounts = app.get(AccountsService);
  const account = await accounts.createAccount({ name: 'llms', tier: 'premium', credits: 0 });
  const { key } = await accounts.createKey(account.id, 'llms', 'test');
  const answers = new Map<string, SandboxAnswer>();
  for (const endpoint of catalog) {
    const example = endpoint.sandbox?.examples[0];
    if (!example || endpoint.planned) continue;
    const from = Date.now();
    const res = await fetch(`${url}${example.path}`, {
      method: endpoint.method,
      headers: {
        'x-api-key': key,
        ...(example.body && { 'content-type': 'application/json' }),
      },
      body: example.body ? JSON.stringify(example.body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 500)
      throw new Error(`${endpoint.id}: the sandbox answered ${res.status}: ${text}`);
    answers.set(endpoint.id, steadyAnswer(res.status, JSON.parse(text), from, Date.now()));
  }
  return answers;
}

/**
 * llms.txt and llms-full.txt as `npm run llms` writes them (and a test compares with the
 * committed ones): from the catalog, the OpenAPI document and the sandbox's answers, by the
 * whole API started in this process on an embedded database of its own.
 */
export async function generateLlmsFiles(
  catalog: readonly EndpointDefinition[] = ENDPOINT_CATALOG,
): Promise<Record<LlmsFileName, string>> {
  const env = { PGLITE_DATA_DIR: 'memory', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' };
  const config = loadPlatformConfig({
    service: 'llms',
    profile: 'standalone',
    env: withUpstreamStandIns(env, NOWHERE),
    bus: `llms-${randomUUID()}`,
  });
  const logger = createLogger({ service: 'llms', level: 'silent' });
  const { app, url } = await startApp(composeApp(config, logger, everyPart()));
  try {
    const document = createOpenApiDocument(app);
    const answers = await sandboxAnswers(app, url, catalog);
    return {
      'llms.txt': renderLlmsTxt(catalog, document),
      'llms-full.txt': renderLlmsFullTxt(catalog, document, answers),
    };
  } finally {
    await app.close();
  }
}
