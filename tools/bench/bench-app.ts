// The apps the bench measures, one entry for all: BENCH_ROLE picks the composition.
//   standalone-economy  gateway with auth, rate limits and credits + cbs, in-process (as `npm start`)
//   standalone-open     the same without the access steps (the unauthenticated chain)
//   gateway-economy     the distributed gateway with the access steps (cbs runs as its own app)
//   gateway-open        the distributed gateway without them
//   standalone-domains  standalone-economy plus the validation and rdw services (upstreams from env)
//   standalone-neighbours  standalone-economy plus a second account with 100,000 ledger rows,
//                       whose key goes to BENCH_KEY_FILE.noisy (the noisy-neighbour row)
//   standalone-crash    standalone-economy on a data dir that outlives it (the crash rows): the
//                       account is made at the first start only, when BENCH_KEY_FILE is absent
// Economy roles create a Premium account with a large balance and write its key to
// BENCH_KEY_FILE (mode 0600) before the app listens, so the key is there once /health/ready
// answers; the key is never printed.
import 'reflect-metadata';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import { DOMAIN_PARTS, everyPart } from '@nl/composition';
import { AccountsService } from '@nl/gateway-access';
import { gatewayApp } from '@nl/gateway-app';
import { openGatewayApp } from '@nl/gateway-core';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, createApp, runMain, type AppPart } from '@nl/platform-runtime';
import type { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { BENCH_CREDITS } from './economy.js';

const ROLES = [
  'standalone-economy',
  'standalone-open',
  'gateway-economy',
  'gateway-open',
  'standalone-domains',
  'standalone-neighbours',
  'standalone-crash',
] as const;
type Role = (typeof ROLES)[number];

function isRole(value: string | undefined): value is Role {
  return ROLES.some((role) => role === value);
}

/**
 * The catalog with every limit out of reach: the limiter still counts each call (one atomic
 * increment, in Redis when distributed) but never refuses, so the load measures the cost of
 * limiting rather than a wall of 429s. Tiers without access stay without access.
 */
function unreachableLimits(): EndpointDefinition[] {
  const high = 1_000_000_000;
  return ENDPOINT_CATALOG.map((e) => ({
    ...e,
    limits: Object.fromEntries(Object.keys(e.limits).map((tier) => [tier, high])),
  }));
}

/** A Premium account with a balance the load cannot exhaust, and one key for it in `keyFile`. */
async function seedBenchKey(app: INestApplication, keyFile: string): Promise<string> {
  const accounts = app.get(AccountsService);
  const account = await accounts.createAccount({
    name: 'bench',
    tier: 'premium',
    credits: BENCH_CREDITS,
  });
  const { key } = await accounts.createKey(account.id, 'bench');
  // Written aside and renamed, so a reader never sees half a key.
  await writeFile(`${keyFile}.tmp`, key, { mode: 0o600 });
  await rename(`${keyFile}.tmp`, keyFile);
  return account.id;
}

/**
 * The noisy neighbour's history: 100,000 settled calls spread over the last 30 days, in the
 * ledger and in the usage rollup that settlements keep (as if they had been made one by one).
 */
async function seedHistory(app: INestApplication, accountId: string): Promise<void> {
  const db = app.get(DataSource);
  await db.query(
    `INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged, created_at)
     SELECT $1, 'settle', gen_random_uuid(), 'bench-' || n, e.id, 0, 10, now() - (n % 30) * interval '1 day'
       FROM generate_series(1, 100000) n
       JOIN (VALUES (0, 'cbs.sbi.lookup'), (1, 'cbs.sbi.search'), (2, 'cbs.sbi.index')) e(k, id) ON e.k = n % 3`,
    [accountId],
  );
  await db.query(
    `INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)
     SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, endpoint, count(*), sum(charged)
       FROM gw.credit_ledger WHERE account_id = $1 AND kind = 'settle' GROUP BY 1, 2, 3`,
    [accountId],
  );
}

await runMain(async () => {
  const role = process.env.BENCH_ROLE;
  if (!isRole(role)) throw new Error(`BENCH_ROLE must be one of ${ROLES.join(', ')}`);
  const standalone = role.startsWith('standalone');
  const economy = role !== 'standalone-open' && role !== 'gateway-open';
  const keyFile = process.env.BENCH_KEY_FILE;
  if (economy && !keyFile) throw new Error('BENCH_KEY_FILE must name where to write the bench key');
  const config = loadPlatformConfig({
    service: standalone ? 'standalone' : 'gateway',
    profile: standalone ? 'standalone' : 'distributed',
  });
  const logger = createLogger({ service: config.service, level: config.log.level });
  const gateway: AppPart = economy
    ? gatewayApp({ catalog: unreachableLimits() })
    : openGatewayApp();
  const parts: AppPart[] =
    role === 'standalone-domains'
      ? everyPart(gateway)
      : standalone
        ? [gateway, DOMAIN_PARTS.cbs]
        : [gateway];
  // createApp + listen rather than startApp: the key must exist before the bench sees the app ready.
  const app = await createApp(composeApp(config, logger, parts));
  const seeded = role === 'standalone-crash' && keyFile && existsSync(keyFile);
  if (economy && keyFile && !seeded) await seedBenchKey(app, keyFile);
  if (role === 'standalone-neighbours' && keyFile)
    await seedHistory(app, await seedBenchKey(app, `${keyFile}.noisy`));
  await app.listen(config.http.port, config.http.host);
});
