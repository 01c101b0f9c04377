import type { PlatformConfig, Profile } from '@nl/platform-config';
import { loadPlatformConfig } from '@nl/platform-config';
import { randomUUID } from 'node:crypto';

const URLS = ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'] as const;

/**
 * True when the suite runs against real NATS, PostgreSQL and Redis (CI sets all three URLs);
 * otherwise the same suites run on the embedded substitutes.
 */
export const REAL_SERVERS = URLS.every((name) => Boolean(process.env[name]));

/** A short name for test titles: which backing the "distributed" topology has in this run. */
export const BACKING = REAL_SERVERS
  ? 'NATS + PostgreSQL + Redis'
  : 'in-process bus + PGlite + memory';

/**
 * Config for an app under test. `standalone` is always embedded; `distributed` uses the real
 * servers when their URLs are set, else the embedded substitutes on a bus of its own. Every
 * config listens on a free port of 127.0.0.1 and logs nothing unless LOG_LEVEL says so.
 */
export function testConfig(
  service: string,
  profile: Profile,
  bus = `test-${randomUUID()}`,
  overrides: NodeJS.ProcessEnv = {},
): PlatformConfig {
  const useReal = profile === 'distributed' && REAL_SERVERS;
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PGLITE_DATA_DIR: 'memory',
    // A fresh cache per app under test: a shared Redis must not answer from an earlier run.
    CACHE_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}`,
    ...(useReal && {
      NATS_URL: process.env.NATS_URL,
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
    }),
    ...overrides,
  };
  const config = loadPlatformConfig({
    service,
    profile: useReal ? 'distributed' : 'standalone',
    env,
    bus,
  });
  return { ...config, profile };
}
