import { DOMAIN_PARTS, envVarGroups, renderEnvExample, withEnvTable } from '@nl/composition';
import { gatewayApp } from '@nl/gateway-access';
import type { AppPart } from '@nl/platform-runtime';
import { composeApp } from '@nl/platform-runtime';
import { silentLogger, testConfig } from '@nl/testing';
import { readFile } from 'node:fs/promises';

const ROOT = new URL('../../../', import.meta.url);

/** Every variable set, so a leak would show; the names a process resolved from them. */
const EVERYTHING: NodeJS.ProcessEnv = Object.fromEntries(
  envVarGroups()
    .flatMap((g) => g.vars)
    .filter((v) => !['NATS_URL', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST'].includes(v.name))
    .map((v) => [
      v.name,
      v.name.endsWith('_URL') || v.name.endsWith('_URLS')
        ? 'http://127.0.0.1:9/x'
        : v.name === 'DNS_SERVERS'
          ? '127.0.0.1'
          : (v.default ?? 'x'.repeat(32)),
    ]),
);

function resolvedNames(service: string, parts: AppPart[]): string[] {
  const definition = composeApp(
    testConfig(service, 'standalone', undefined, EVERYTHING),
    silentLogger(),
    parts,
  );
  return (definition.sections ?? []).flatMap((s) => Object.keys(s.resolved));
}

describe('configuration ownership', () => {
  it('should give the gateway process no domain settings', () => {
    const names = resolvedNames('gateway', [gatewayApp()]);
    expect(names).toEqual(['ADMIN_TOKEN']);
    expect(names.filter((n) => /^(VIES|RDW|DNS|DISPOSABLE)_/.test(n))).toEqual([]);
  });

  it('should give each domain service its own settings only', () => {
    expect(resolvedNames('rdw', [DOMAIN_PARTS.rdw])).toEqual(['RDW_URL', 'RDW_APP_TOKEN']);
    expect(resolvedNames('validation', [DOMAIN_PARTS.validation])).toEqual([
      'VIES_URL',
      'DNS_SERVERS',
      'DNS_TIMEOUT_MS',
      'DISPOSABLE_DENY_URLS',
      'DISPOSABLE_ALLOW_URLS',
      'DISPOSABLE_REFRESH_HOURS',
    ]);
    expect(resolvedNames('cbs', [DOMAIN_PARTS.cbs])).toEqual([]);
  });

  it('should redact secrets in the resolved settings it logs', () => {
    const definition = composeApp(
      testConfig('rdw', 'standalone', undefined, { RDW_APP_TOKEN: 'very-secret-token' }),
      silentLogger(),
      [DOMAIN_PARTS.rdw],
    );
    expect(JSON.stringify(definition.sections?.map((s) => s.resolved))).not.toContain(
      'very-secret-token',
    );
  });

  it('should refuse a bad domain variable at composition, with every problem at once', () => {
    const config = testConfig('validation', 'standalone', undefined, {
      VIES_URL: 'ftp://x',
      DNS_TIMEOUT_MS: '5',
    });
    expect(() => composeApp(config, silentLogger(), [DOMAIN_PARTS.validation])).toThrow(
      /VIES_URL.*\n.*DNS_TIMEOUT_MS/,
    );
  });
});

describe('generated configuration docs', () => {
  it('should keep .env.example as `npm run env-docs` writes it', async () => {
    expect(await readFile(new URL('.env.example', ROOT), 'utf8')).toBe(renderEnvExample());
  });

  it('should keep the README table as `npm run env-docs` writes it', async () => {
    const readme = await readFile(new URL('README.md', ROOT), 'utf8');
    expect(readme).toBe(withEnvTable(readme));
  });
});
