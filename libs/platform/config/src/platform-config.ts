import { ConfigError } from './config-error.js';
import { configReader, isUrl, type EnvSource } from './config-section.js';
import { PLATFORM_ENV_VARS } from './env-vars.js';
import { pgliteDataDir } from './pglite-dir.js';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';

export { ConfigError } from './config-error.js';

export type Profile = 'standalone' | 'distributed';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TransportConfig = { kind: 'nats'; servers: string[] } | { kind: 'inproc'; bus: string };
export type DatabaseConfig =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
/**
 * Where the operator's views (`/metrics`, the detailed `/health/ready`) are served: on a port of
 * their own when `port` is set, else on the public one; behind a bearer token when `token` is.
 */
export interface MetricsConfig {
  readonly port: number | null;
  readonly host: string;
  readonly token: string | null;
}
export type CacheConfig = { kind: 'redis'; url: string; prefix: string } | { kind: 'memory' };

/**
 * Where a config was read from. The parts of a process (gateway, domains) read their own
 * sections from it when the app is composed; it is not part of the resolved config.
 */
export const CONFIG_ENV: unique symbol = Symbol('config-env');

/**
 * The typed wiring every app shares; nothing else reads `process.env`. Settings of the
 * gateway and the domains live in their own config sections (see `defineConfigSection`).
 */
export interface PlatformConfig {
  readonly service: string;
  readonly profile: Profile;
  readonly http: {
    readonly host: string;
    readonly port: number;
    /** Whose X-Forwarded-* headers are believed (TRUSTED_PROXIES); nobody's by default. */
    readonly trustedProxies: TrustedProxies;
    /** The URL callers reach the API at (PUBLIC_BASE_URL), without a trailing slash; null: unset. */
    readonly publicBaseUrl: string | null;
  };
  readonly metrics: MetricsConfig;
  readonly log: { readonly level: LogLevel };
  readonly transport: TransportConfig;
  readonly database: DatabaseConfig;
  readonly cache: CacheConfig;
  readonly [CONFIG_ENV]: EnvSource;
}

export interface LoadConfigOptions {
  service: string;
  profile: Profile;
  env?: EnvSource;
  /** In-process bus name (standalone, tests); one bus joins a gateway to its services. */
  bus?: string;
}

/** Reads and validates the environment once, at boot. Throws {@link ConfigError} listing every problem. */
export function loadPlatformConfig(options: LoadConfigOptions): PlatformConfig {
  const env = options.env ?? process.env;
  const problems: string[] = [];
  const read = configReader(PLATFORM_ENV_VARS, env, problems);

  const port = read.number('PORT', 0, 65_535);
  const metricsPort =
    read.string('METRICS_PORT') === null ? null : read.number('METRICS_PORT', 0, 65_535);
  const metricsToken = read.string('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16)
    problems.push('METRICS_TOKEN must be at least 16 characters');
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    problems.push('METRICS_PORT must differ from PORT');
  const trustedProxies = parseTrustedProxies(read.string('TRUSTED_PROXIES'), problems);
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', ['http:', 'https:']);
  if (publicBaseUrl !== null && new URL(publicBaseUrl).pathname.replace(/\/+$/, '') !== '')
    problems.push('PUBLIC_BASE_URL must be a scheme and host (and port) without a path');
  const level = read.string('LOG_LEVEL') as LogLevel;
  if (!LOG_LEVELS.includes(level))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const natsUrl = read.string('NATS_URL');
  const servers = natsUrl?.split(',').map((s) => s.trim()) ?? [];
  if (servers.some((s) => !isUrl(s, ['nats:', 'tls:', 'ws:', 'wss:'])))
    problems.push('NATS_URL must be nats:// URL(s)');
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  const prefix = read.string('CACHE_KEY_PREFIX') ?? '';
  if (!/^[\w.-]{1,64}$/.test(prefix))
    problems.push('CACHE_KEY_PREFIX must be 1-64 letters, digits, dots, dashes or underscores');

  if (options.profile === 'distributed') {
    for (const [name, value] of [
      ['NATS_URL', natsUrl],
      ['DATABASE_URL', databaseUrl],
      ['REDIS_URL', redisUrl],
    ]) {
      if (!value) problems.push(`${name} is required in the distributed profile`);
    }
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    service: options.service,
    profile: options.profile,
    http: {
      host: read.string('HOST') ?? '0.0.0.0',
      port,
      trustedProxies,
      publicBaseUrl: publicBaseUrl === null ? null : new URL(publicBaseUrl).origin,
    },
    metrics: {
      port: metricsPort,
      host: read.string('METRICS_HOST') ?? '127.0.0.1',
      token: metricsToken,
    },
    log: { level },
    transport:
      options.profile === 'distributed'
        ? { kind: 'nats', servers }
        : { kind: 'inproc', bus: options.bus ?? 'main' },
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: pgliteDataDir(read.string('PGLITE_DATA_DIR')) },
    cache: redisUrl ? { kind: 'redis', url: redisUrl, prefix } : { kind: 'memory' },
    [CONFIG_ENV]: env,
  };
}

/** A one-line description of the wiring, with credentials removed, for the start-up log. */
export function describeConfig(config: PlatformConfig): Record<string, unknown> {
  const safe = (url: string) => {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  };
  return {
    service: config.service,
    profile: config.profile,
    transport:
      config.transport.kind === 'nats'
        ? `nats ${config.transport.servers.map(safe).join(',')}`
        : 'in-process',
    database:
      config.database.kind === 'postgres'
        ? `postgres ${safe(config.database.url)}`
        : `pglite ${config.database.dataDir ?? '(memory)'}`,
    cache: config.cache.kind === 'redis' ? `redis ${safe(config.cache.url)}` : 'memory',
    trustedProxies: config.http.trustedProxies.join(',') || 'none',
    metrics:
      (config.metrics.port === null
        ? 'public port'
        : `${config.metrics.host}:${config.metrics.port}`) +
      (config.metrics.token ? ', bearer token' : ''),
  };
}
