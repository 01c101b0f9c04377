import { expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { toHundredths, type Tier } from '@nl/contracts-core';
import { DOMAIN_PARTS, everyPart, type ServiceName } from '@nl/composition';
import { AccountsService } from '@nl/gateway-access';
import { gatewayApp } from '@nl/gateway-app';
import { CreditsService } from '@nl/gateway-ledger';
import type { Profile } from '@nl/platform-config';
import type { Logger } from '@nl/platform-logging';
import { composeApp, startApp, type AppPart } from '@nl/platform-runtime';
import { BACKING, silentLogger, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dropBatchStream, newBatchStream } from './batch-stream.js';

export interface Stack {
  readonly url: string;
  /** What the stack runs on, for test titles. */
  readonly label: string;
  /** Headers with the default test key (Premium, plenty of credits). */
  readonly auth: Record<string, string>;
  /** GET with the default key unless `headers` carry other credentials. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** A request exactly as given: no key added. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A new account with one key. `credits` in whole credits. */
  account(options: {
    tier: Tier;
    credits?: number;
    subscriptions?: string[];
  }): Promise<{ accountId: string; key: string }>;
  readonly accounts: AccountsService;
  readonly credits: CreditsService;
  readonly db: DataSource;
  readonly gateway: NestFastifyApplication;
  /** The app that runs a domain service (in standalone, the one app that runs everything). */
  service(name: ServiceName): NestFastifyApplication;
  /**
   * Distributed only: one more gateway replica on the same bus, database and cache prefix (so
   * it shares rate-limit counters); returns its base URL. Closed with the stack.
   */
  addGateway(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The gateway's database, whose raw queries first wait until the ledger has every charge answered
 * so far (CreditsService.written), as the product's own readers of the ledger do: the embedded
 * profile writes it some milliseconds after the answers.
 */
function ledgerFresh(db: DataSource, credits: CreditsService): DataSource {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query')
        return async (...args: Parameters<DataSource['query']>) => {
          await credits.written();
          return target.query(...args);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function stack(
  url: string,
  label: string,
  gateway: NestFastifyApplication,
  apps: NestFastifyApplication[],
  services: Record<string, NestFastifyApplication>,
  addGateway: () => Promise<{ app: NestFastifyApplication; url: string }> = () =>
    Promise.reject(new Error('a second gateway needs the distributed profile')),
  cleanUp: () => Promise<void> = async () => undefined,
): Promise<Stack> {
  const accounts = gateway.get(AccountsService);
  const credits = gateway.get(CreditsService);
  const account: Stack['account'] = async ({ tier, credits = 0, subscriptions }) => {
    const created = await accounts.createAccount({
      name: `test ${tier}`,
      tier,
      subscriptions,
      credits: toHundredths(credits),
    });
    return { accountId: created.id, key: (await accounts.createKey(created.id)).key };
  };
  const { key } = await account({ tier: 'premium', credits: 1_000_000 });
  const auth = { 'x-api-key': key };
  return {
    url,
    label,
    auth,
    get: (path, headers) => fetch(`${url}${path}`, { headers: { ...auth, ...headers } }),
    fetch: (path, init) => fetch(`${url}${path}`, init),
    account,
    accounts,
    credits,
    db: ledgerFresh(gateway.get(DataSource), credits),
    gateway,
    service: (name) => services[name] ?? gateway,
    addGateway: async () => {
      const replica = await addGateway();
      apps.unshift(replica.app);
      return replica.url;
    },
    close: async () => {
      for (const app of apps) await app.close();
      await cleanUp();
    },
  };
}

/**
 * The product as a caller sees it, over real HTTP on 127.0.0.1. `standalone`: one app with the
 * gateway and every domain, in-process transport, PGlite. `distributed`: the gateway and each
 * domain as separate apps joined by NATS, Postgres and Redis when their URLs are set (CI), else
 * by a private in-process bus, PGlite and memory. `gateway` replaces the default gateway part.
 */
export interface StackOptions {
  /** Replaces the default gateway part (e.g. one built with another catalog). */
  readonly gateway?: AppPart;
  readonly logger?: Logger;
  /** Extra environment for the gateway's config (e.g. ADMIN_TOKEN). */
  readonly env?: NodeJS.ProcessEnv;
  /** Extra environment for the domain services (e.g. VIES_URL and DNS_SERVERS of fakes). */
  readonly serviceEnv?: NodeJS.ProcessEnv;
}

export async function startStack(profile: Profile, options: StackOptions = {}): Promise<Stack> {
  const logger = options.logger ?? silentLogger();
  const gateway = options.gateway ?? gatewayApp();
  if (profile === 'standalone') {
    const config = testConfig('standalone', 'standalone', undefined, {
      ...options.serviceEnv,
      ...options.env,
    });
    const { app, url } = await startApp(composeApp(config, logger, everyPart(gateway)));
    return stack(url, 'standalone: in-process + PGlite', app, [app], {});
  }
  const bus = `e2e-${randomUUID()}`;
  // Replicas of one deployment share the cache prefix (and with it the rate-limit counters).
  const batchStream = newBatchStream();
  const env = {
    CACHE_KEY_PREFIX: `e2e-${randomUUID().slice(0, 8)}`,
    BATCH_STREAM: batchStream,
    // Status figures of this stack alone: every stack on the machine shares the database.
    STATUS_SCOPE: `e2e-${randomUUID().slice(0, 8)}`,
    ...options.env,
  };
  const startGateway = () =>
    startApp(composeApp(testConfig('gateway', 'distributed', bus, env), logger, [gateway]));
  const services: Record<string, NestFastifyApplication> = {};
  for (const [name, part] of Object.entries(DOMAIN_PARTS)) {
    // The stack's own cache prefix: a cache left in the shared Redis by an earlier run (CI runs
    // against servers that outlive it) must not answer for this one.
    const config = testConfig(name, 'distributed', bus, {
      CACHE_KEY_PREFIX: env.CACHE_KEY_PREFIX,
      ...options.serviceEnv,
    });
    services[name] = (await startApp(composeApp(config, logger, [part]))).app;
  }
  const gw = await startGateway();
  return stack(
    gw.url,
    `distributed: ${BACKING}`,
    gw.app,
    [gw.app, ...Object.values(services)],
    services,
    startGateway,
    () => dropBatchStream(batchStream),
  );
}

export const PROFILES = ['standalone', 'distributed'] as const;

/** A response body as loose JSON, for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonOf(response: Response): Promise<any> {
  return response.json();
}

/**
 * A request with a bad input: 400 with a field error on `field`, nothing charged and no ledger
 * row but the top-up (a fresh Premium account with 100 credits makes it).
 */
export async function expectRefusedUncharged(api: Stack, path: string, field: string) {
  const { accountId, key } = await api.account({ tier: 'premium', credits: 100 });
  const res = await api.get(path, { 'x-api-key': key });
  expect(res.status).toBe(400);
  expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
  const body = (await res.json()) as { errors: { field: string }[] };
  expect(body.errors.map((e) => e.field)).toContain(field);
  const [ledger] = (await api.db.query(
    `SELECT count(*)::int AS n FROM gw.credit_ledger WHERE account_id = $1 AND kind <> 'topup'`,
    [accountId],
  )) as { n: number }[];
  expect(ledger?.n).toBe(0);
}

/**
 * Milliseconds from `since` until a GET of `url` with `headers` answers `status` (polling every
 * 25 ms), or Infinity after `withinMs`: how fast a key change reached a gateway replica.
 */
export async function msUntilStatus(
  url: string,
  headers: Record<string, string>,
  status: number,
  since: number,
  withinMs: number,
): Promise<number> {
  while (Date.now() - since < withinMs) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status === status) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Infinity;
}
