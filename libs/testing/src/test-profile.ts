import type { EnvVarSpec, PlatformConfig, Profile, UpstreamStandIns } from '@nl/platform-config';
import { loadPlatformConfig, withUpstreamStandIns } from '@nl/platform-config';
import { randomUUID } from 'node:crypto';

/**
 * Where every upstream of an app under test points unless the test names a fake: closed ports
 * of 127.0.0.1 (9 is `discard`, which nothing serves), so a forgotten upstream fails at once
 * with a refused connection and never reaches a production default.
 */
export const LOCAL_UPSTREAMS: UpstreamStandIns = {
  http: 'http://127.0.0.1:9',
  dns: '127.0.0.1:9',
};

/**
 * The same pinning as variables, for apps a test starts as child processes (the environment
 * does not carry {@link LOCAL_UPSTREAMS}): every upstream variable of `vars` (e.g. the
 * composition's `envVarGroups()`) at its local stand-in. Spread the test's fakes after it.
 */
export function localUpstreamEnv(vars: readonly EnvVarSpec[]): Record<string, string> {
  return Object.fromEntries(
    vars.flatMap((v) => (v.upstream ? [[v.name, LOCAL_UPSTREAMS[v.upstream]]] : [])),
  );
}

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
 * config listens on a free port of 127.0.0.1 and logs nothing unless LOG_LEVEL says so, and
 * every upstream variable (of every section, present or future) is pinned to
 * {@link LOCAL_UPSTREAMS} unless `overrides` names it (a fake's URL, or `off`).
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
    env: withUpstreamStandIns(env, LOCAL_UPSTREAMS),
    bus,
  });
  return { ...config, profile };
}
