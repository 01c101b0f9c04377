import { PLATFORM_ENV_VARS } from './env-vars.js';

export type Profile = 'standalone' | 'distributed';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TransportConfig = { kind: 'nats'; servers: string[] } | { kind: 'inproc'; bus: string };
export type DatabaseConfig =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
export type CacheConfig = { kind: 'redis'; url: string; prefix: string } | { kind: 'memory' };

/** The typed configuration of one app; nothing else reads `process.env`. */
export interface PlatformConfig {
  readonly service: string;
  readonly profile: Profile;
  readonly http: { readonly host: string; readonly port: number };
  readonly log: { readonly level: LogLevel };
  readonly transport: TransportConfig;
  readonly database: DatabaseConfig;
  readonly cache: CacheConfig;
  /** Token of the gateway's admin API; null turns the admin API off. */
  readonly adminToken: string | null;
  /** Where the domain services' upstreams are; unset ones answer 503 upstream_not_configured. */
  readonly upstreams: UpstreamsConfig;
}

export interface UpstreamsConfig {
  readonly vies: { readonly url: string | null };
  readonly rdw: { readonly url: string | null; readonly appToken: string | null };
  readonly dns: { readonly servers: readonly string[] | null; readonly timeoutMs: number };
  readonly disposable: {
    readonly denyUrls: readonly string[];
    readonly allowUrls: readonly string[];
    readonly refreshHours: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }
}

export interface LoadConfigOptions {
  service: string;
  profile: Profile;
  env?: NodeJS.ProcessEnv;
  /** In-process bus name (standalone, tests); one bus joins a gateway to its services. */
  bus?: string;
}

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Reads and validates the environment once, at boot. Throws {@link ConfigError} listing every problem. */
export function loadPlatformConfig(options: LoadConfigOptions): PlatformConfig {
  const env = options.env ?? process.env;
  const problems: string[] = [];
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : (PLATFORM_ENV_VARS.find((v) => v.name === name)?.default ?? undefined);
  };

  const port = Number(get('PORT'));
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    problems.push('PORT must be an integer from 0 to 65535');

  const level = get('LOG_LEVEL') as LogLevel;
  if (!LOG_LEVELS.includes(level))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const natsUrl = get('NATS_URL');
  const databaseUrl = get('DATABASE_URL');
  const redisUrl = get('REDIS_URL');
  const servers = natsUrl?.split(',').map((s) => s.trim()) ?? [];
  if (servers.some((s) => !isUrl(s, ['nats:', 'tls:', 'ws:', 'wss:'])))
    problems.push('NATS_URL must be nats:// URL(s)');
  if (databaseUrl && !isUrl(databaseUrl, ['postgres:', 'postgresql:']))
    problems.push('DATABASE_URL must be a postgres:// URL');
  if (redisUrl && !isUrl(redisUrl, ['redis:', 'rediss:']))
    problems.push('REDIS_URL must be a redis:// URL');
  const adminToken = get('ADMIN_TOKEN') ?? null;
  if (adminToken !== null && adminToken.length < 24)
    problems.push('ADMIN_TOKEN must be at least 24 characters');
  if (!/^[\w.-]{1,64}$/.test(get('CACHE_KEY_PREFIX') ?? ''))
    problems.push('CACHE_KEY_PREFIX must be 1-64 letters, digits, dots, dashes or underscores');

  const list = (name: string) =>
    (get(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const viesUrl = get('VIES_URL') ?? null;
  if (viesUrl && !isUrl(viesUrl, ['http:', 'https:']))
    problems.push('VIES_URL must be an http(s) URL');
  const rdwUrl = get('RDW_URL') ?? null;
  if (rdwUrl && !isUrl(rdwUrl, ['http:', 'https:']))
    problems.push('RDW_URL must be an http(s) URL');
  const dnsServers = list('DNS_SERVERS');
  if (dnsServers.some((s) => !/^(\[[0-9a-f:]+\]|[0-9.]+|[0-9a-f:]+)(:\d{1,5})?$/i.test(s)))
    problems.push('DNS_SERVERS must be IP addresses, optionally with :port');
  const dnsTimeoutMs = Number(get('DNS_TIMEOUT_MS'));
  if (!Number.isInteger(dnsTimeoutMs) || dnsTimeoutMs < 100 || dnsTimeoutMs > 30_000)
    problems.push('DNS_TIMEOUT_MS must be an integer from 100 to 30000');
  const denyUrls = list('DISPOSABLE_DENY_URLS');
  const allowUrls = list('DISPOSABLE_ALLOW_URLS');
  if ([...denyUrls, ...allowUrls].some((u) => !isUrl(u, ['http:', 'https:'])))
    problems.push('DISPOSABLE_DENY_URLS and DISPOSABLE_ALLOW_URLS must be http(s) URLs');
  const refreshHours = Number(get('DISPOSABLE_REFRESH_HOURS'));
  if (!(refreshHours >= 1 && refreshHours <= 24 * 14))
    problems.push('DISPOSABLE_REFRESH_HOURS must be a number from 1 to 336');

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

  const dataDir = get('PGLITE_DATA_DIR') ?? './.data';
  return {
    service: options.service,
    profile: options.profile,
    http: { host: get('HOST') ?? '0.0.0.0', port },
    log: { level },
    transport:
      options.profile === 'distributed'
        ? { kind: 'nats', servers }
        : { kind: 'inproc', bus: options.bus ?? 'main' },
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: dataDir === 'memory' ? null : dataDir },
    cache: redisUrl
      ? { kind: 'redis', url: redisUrl, prefix: get('CACHE_KEY_PREFIX') ?? 'nl' }
      : { kind: 'memory' },
    adminToken,
    upstreams: {
      vies: { url: viesUrl },
      rdw: { url: rdwUrl, appToken: get('RDW_APP_TOKEN') ?? null },
      dns: { servers: dnsServers.length ? dnsServers : null, timeoutMs: dnsTimeoutMs },
      disposable: { denyUrls, allowUrls, refreshHours },
    },
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
  };
}
