import {
  DOMAIN_PARTS,
  GENERATED_PAGES,
  envVarGroups,
  everyPart,
  renderEnvExample,
  withEnvTable,
} from '@nl/composition';
import { gatewayApp } from '@nl/gateway-app';
import { loadPlatformConfig } from '@nl/platform-config';
import type { AppPart } from '@nl/platform-runtime';
import { composeApp } from '@nl/platform-runtime';
import { LOCAL_UPSTREAMS, localUpstreamEnv, silentLogger, testConfig } from '@nl/testing';
import { readFile } from 'node:fs/promises';
import { jsonOf, startStack } from './support/stack.js';

const ROOT = new URL('../../../', import.meta.url);

/** x402's variables have formats of their own (an address, a key, a token on a test chain). */
const X402_VALUES: Record<string, string> = {
  X402_PAY_TO: `0x${'1'.repeat(40)}`,
  X402_SIGNER_KEY: `0x${'2'.repeat(64)}`,
  X402_ASSET: `0x${'3'.repeat(40)},Test Token,1`,
};

/** Every variable set, so a leak would show; the names a process resolved from them. */
const EVERYTHING: NodeJS.ProcessEnv = Object.fromEntries(
  envVarGroups()
    .flatMap((g) => g.vars)
    .filter(
      (v) =>
        ![
          'NATS_URL',
          'DATABASE_URL',
          'REDIS_URL',
          'PORT',
          'HOST',
          'TRUSTED_PROXIES',
          'PUBLIC_BASE_URL',
          'METRICS_PORT',
          'METRICS_HOST',
        ].includes(v.name),
    )
    .map((v) => [
      v.name,
      v.name.endsWith('_URL') || v.name.endsWith('_URLS')
        ? 'http://127.0.0.1:9/x'
        : v.name === 'DNS_SERVERS'
          ? '127.0.0.1'
          : (X402_VALUES[v.name] ?? v.default ?? 'x'.repeat(32)),
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
    expect(names).toEqual([
      'ADMIN_TOKEN',
      'X402_PAY_TO',
      'X402_NETWORK',
      'X402_FACILITATOR_URL',
      'X402_RPC_URL',
      'X402_SIGNER_KEY',
      'X402_ASSET',
      'X402_ATOMIC_PER_CREDIT',
      'X402_MAX_TIMEOUT_SECONDS',
      'WEBHOOKS_ALLOW_LOOPBACK',
      'WEBHOOK_RETRY_SCALE',
      'BATCH_WORKERS',
      'BATCH_CONCURRENCY',
      'BATCH_CPU_PERCENT',
      'BATCH_RETENTION_DAYS',
      'BATCH_RETRY_DELAY_MS',
      'BATCH_STREAM',
      'STATUS_BUCKET_SECONDS',
      'STATUS_ROLLUP_SECONDS',
      'STATUS_FLUSH_SECONDS',
      'STATUS_INCIDENT_MIN_CALLS',
      'STATUS_INCIDENT_SUCCESS_RATE',
      'STATUS_SCOPE',
    ]);
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
    expect(resolvedNames('property', [DOMAIN_PARTS.property])).toEqual([
      'PDOK_URL',
      'BAG_URL',
      'BAG_API_KEY',
      'WOZ_URL',
      'EP_ONLINE_URL',
      'EP_ONLINE_API_KEY',
      'RUIMTELIJKE_PLANNEN_URL',
      'RUIMTELIJKE_PLANNEN_API_KEY',
    ]);
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

/**
 * The production base URL of every keyless upstream: what a process resolves (and logs at start)
 * with no upstream variable set: each provider's documented production address (RDW, VIES, PDOK,
 * BAG, used only with a key, and the WOZ loket), and for disposable domains the amieiro aggregate,
 * the one list over 100,000 domains. The table is in docs/operations.md.
 */
const LIVE_DEFAULTS = {
  rdw: { RDW_URL: 'https://opendata.rdw.nl' },
  property: {
    PDOK_URL: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
    BAG_URL: 'https://api.bag.kadaster.nl/lvbag/individuelebevragingen/v2',
    WOZ_URL: 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1',
    EP_ONLINE_URL: 'https://public.ep-online.nl/api/v5',
    RUIMTELIJKE_PLANNEN_URL:
      'https://ruimte.omgevingswet.overheid.nl/ruimtelijke-plannen/api/opvragen/v4',
  },
  validation: {
    VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
    DISPOSABLE_DENY_URLS:
      'https://raw.githubusercontent.com/amieiro/disposable-email-domains/master/denyDomains.txt',
    DISPOSABLE_ALLOW_URLS:
      'https://raw.githubusercontent.com/amieiro/disposable-email-domains/master/allowDomains.txt',
  },
};

/** A part's sections as a process without any upstream variable composes them (nothing starts). */
function bareSections(service: string, parts: AppPart[]) {
  const config = loadPlatformConfig({
    service,
    profile: 'standalone',
    env: { PGLITE_DATA_DIR: 'memory' },
  });
  return composeApp(config, silentLogger(), parts).sections ?? [];
}

const resolvedOf = (sections: ReturnType<typeof bareSections>) =>
  Object.assign({}, ...sections.map((s) => s.resolved)) as Record<string, string | null>;

const UPSTREAM_VARS = envVarGroups()
  .flatMap((g) => g.vars)
  .filter((v) => v.upstream);

describe('upstream defaults (live by default)', () => {
  it('should resolve the production URL of every keyless upstream with nothing set', () => {
    expect(resolvedOf(bareSections('rdw', [DOMAIN_PARTS.rdw]))).toEqual({
      ...LIVE_DEFAULTS.rdw,
      RDW_APP_TOKEN: null,
    });
    expect(resolvedOf(bareSections('validation', [DOMAIN_PARTS.validation]))).toEqual({
      ...LIVE_DEFAULTS.validation,
      DNS_SERVERS: null,
      DNS_TIMEOUT_MS: '3000',
      DISPOSABLE_REFRESH_HOURS: '12',
    });
    expect(resolvedOf(bareSections('property', [DOMAIN_PARTS.property]))).toEqual({
      ...LIVE_DEFAULTS.property,
      BAG_API_KEY: null,
      EP_ONLINE_API_KEY: null,
      RUIMTELIJKE_PLANNEN_API_KEY: null,
    });
  });

  it('should give the gateway none of them', () => {
    const resolved = resolvedOf(bareSections('gateway', [gatewayApp()]));
    expect(Object.entries(resolved).filter(([, value]) => value !== null)).toEqual([
      ['X402_NETWORK', 'base-sepolia'],
      ['X402_ATOMIC_PER_CREDIT', '10000'],
      ['X402_MAX_TIMEOUT_SECONDS', '120'],
      ['WEBHOOKS_ALLOW_LOOPBACK', 'false'],
      ['WEBHOOK_RETRY_SCALE', '1'],
      ['BATCH_WORKERS', '16'],
      ['BATCH_CONCURRENCY', 'vies=2,kvk=2,woz=1,default=4'],
      ['BATCH_CPU_PERCENT', '20'],
      ['BATCH_RETENTION_DAYS', '7'],
      ['BATCH_RETRY_DELAY_MS', '2000'],
      ['BATCH_STREAM', 'NL_BATCH'],
      ['STATUS_BUCKET_SECONDS', '300'],
      ['STATUS_ROLLUP_SECONDS', '3600'],
      ['STATUS_FLUSH_SECONDS', '10'],
      ['STATUS_INCIDENT_MIN_CALLS', '5'],
      ['STATUS_INCIDENT_SUCCESS_RATE', '0.9'],
      ['STATUS_SCOPE', 'default'],
    ]);
  });

  it('should parse the defaults into the settings the clients use', () => {
    const [validation] = bareSections('validation', [DOMAIN_PARTS.validation]);
    expect(validation.value).toMatchObject({
      vies: { url: LIVE_DEFAULTS.validation.VIES_URL },
      dns: { servers: null },
      disposable: {
        denyUrls: [LIVE_DEFAULTS.validation.DISPOSABLE_DENY_URLS],
        allowUrls: [LIVE_DEFAULTS.validation.DISPOSABLE_ALLOW_URLS],
        refreshHours: 12,
      },
    });
    const [rdw] = bareSections('rdw', [DOMAIN_PARTS.rdw]);
    expect(rdw.value).toEqual({ url: LIVE_DEFAULTS.rdw.RDW_URL, appToken: null });
  });

  it('should switch every URL upstream off with `off`, and show it in the resolved config', () => {
    const off = Object.fromEntries(
      UPSTREAM_VARS.filter((v) => v.upstream === 'http').map((v) => [v.name, 'off']),
    );
    const config = loadPlatformConfig({ service: 'all', profile: 'standalone', env: off });
    const sections = composeApp(config, silentLogger(), everyPart()).sections ?? [];
    expect(resolvedOf(sections)).toMatchObject(off);
    const value = (name: string) => sections.find((s) => s.section.name === name)?.value;
    expect(value('rdw')).toMatchObject({ url: null });
    expect(value('property')).toEqual({
      pdok: { url: null },
      bag: { url: null, apiKey: null },
      woz: { url: null },
      epOnline: { url: null, apiKey: null },
      plans: { url: null, apiKey: null },
    });
    expect(value('validation')).toMatchObject({
      vies: { url: null },
      disposable: { denyUrls: [], allowUrls: [] },
    });
  });

  it('should refuse `off` where a variable is no upstream', () => {
    expect(() =>
      loadPlatformConfig({ service: 's', profile: 'standalone', env: { REDIS_URL: 'off' } }),
    ).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/m);
  });
});

describe('the test profile', () => {
  it('should know every URL variable of every section as an upstream', () => {
    const domainVars = envVarGroups()
      .filter((g) => g.owner !== 'platform')
      .flatMap((g) => g.vars);
    const addresses = domainVars.filter((v) => /_URLS?$|_SERVERS$/.test(v.name));
    expect(addresses.filter((v) => !v.upstream).map((v) => v.name)).toEqual([]);
    expect(UPSTREAM_VARS.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        ...Object.keys(LIVE_DEFAULTS.rdw),
        ...Object.keys(LIVE_DEFAULTS.validation),
        'DNS_SERVERS',
      ]),
    );
  });

  it('should pin every upstream of every section to a closed port of 127.0.0.1', () => {
    const definition = composeApp(testConfig('all', 'standalone'), silentLogger(), everyPart());
    const resolved = resolvedOf(definition.sections ?? []);
    const pinned = Object.fromEntries(
      UPSTREAM_VARS.map((v) => [v.name, LOCAL_UPSTREAMS[v.upstream ?? 'http']]),
    );
    expect(resolved).toMatchObject(pinned);
    for (const value of Object.values(pinned))
      expect(new URL(value.includes('//') ? value : `dns://${value}`).hostname).toBe('127.0.0.1');
    // Apps a test starts as child processes get the same, as variables.
    expect(localUpstreamEnv(envVarGroups().flatMap((g) => g.vars))).toEqual(pinned);
  });

  it('should let a test point an upstream at its fake, or switch it off', () => {
    const definition = composeApp(
      testConfig('validation', 'standalone', undefined, {
        VIES_URL: 'http://127.0.0.1:4000',
        RDW_URL: 'off',
      }),
      silentLogger(),
      [DOMAIN_PARTS.validation, DOMAIN_PARTS.rdw],
    );
    expect(resolvedOf(definition.sections ?? [])).toMatchObject({
      VIES_URL: 'http://127.0.0.1:4000',
      RDW_URL: 'off',
      DISPOSABLE_DENY_URLS: LOCAL_UPSTREAMS.http,
    });
  });
});

describe('a switched-off upstream', () => {
  it('should answer 503 upstream_not_configured, uncharged, and say so in readiness', async () => {
    const api = await startStack('standalone', { serviceEnv: { VIES_URL: 'off', RDW_URL: 'off' } });
    try {
      const vat = await api.fetch('/v1/validate/vat', {
        method: 'POST',
        headers: { ...api.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ vat_number: 'NL004495445B01' }),
      });
      const vehicle = await api.get('/v1/rdw/vehicle-lite?license_plate=TT601D');
      for (const res of [vat, vehicle]) {
        expect(res.status).toBe(503);
        expect(await jsonOf(res)).toMatchObject({ code: 'upstream_not_configured' });
        expect(res.headers.get('x-credits-charged')).toMatch(/^0(\.0+)?$/);
      }
      const ready = await jsonOf(await api.get('/health/ready'));
      expect(ready.checks).toMatchObject({
        'upstream:vies': { configured: false },
        'upstream:rdw': { configured: false },
      });
    } finally {
      await api.close();
    }
  });
});

describe('generated configuration docs', () => {
  it('should keep .env.example as `npm run env-docs` writes it', async () => {
    expect(await readFile(new URL('.env.example', ROOT), 'utf8')).toBe(renderEnvExample());
  });

  it('should keep the table of docs/configuration.md as `npm run env-docs` writes it', async () => {
    const page = await readFile(new URL(GENERATED_PAGES.envTable, ROOT), 'utf8');
    expect(page).toBe(withEnvTable(page));
  });
});
