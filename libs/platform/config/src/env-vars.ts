/**
 * What an upstream variable holds: `http`, the base URL(s) of a source outside the product
 * (read with `read.url` or `read.urls`); `dns`, the addresses of DNS resolvers.
 */
export type UpstreamKind = 'http' | 'dns';

/** The value that switches an `http` upstream off: it then answers 503 upstream_not_configured. */
export const UPSTREAM_OFF = 'off';

/**
 * One environment variable, documented where it is declared. `.env.example` and the table of
 * docs/configuration.md are generated from every declaration; secrets are redacted wherever
 * config is logged.
 */
export interface EnvVarSpec {
  readonly name: string;
  readonly description: string;
  readonly default?: string;
  readonly secret?: boolean;
  /** A value to show in `.env.example` for a variable without a default. */
  readonly example?: string;
  /**
   * Set on every variable that points the product at a source outside it. An `http` one
   * accepts `off` (see {@link UPSTREAM_OFF}); the test profile pins every such variable to a
   * local address, so no test reaches the production default.
   */
  readonly upstream?: UpstreamKind;
}

/** The variables every process reads: wiring, logging, the embedded substitutes. */
export const PLATFORM_ENV_VARS: readonly EnvVarSpec[] = [
  {
    name: 'PORT',
    description: 'HTTP port of the app (gateway API, or a service’s health/metrics).',
    default: '3000',
  },
  { name: 'HOST', description: 'Interface to listen on.', default: '0.0.0.0' },
  {
    name: 'TRUSTED_PROXIES',
    description:
      'The reverse proxies whose `X-Forwarded-For`, `-Proto` and `-Host` the app believes: IP addresses and CIDR ranges (also `loopback`, `linklocal`, `uniquelocal`), comma-separated. They decide the client address of per-IP limits (the dashboard sign-in), `https` for the dashboard cookie’s `Secure` flag and the URL in x402 payment requirements. Unset: nobody; the headers are ignored and the connection’s peer is the client.',
    example: '10.0.0.0/8',
  },
  {
    name: 'PUBLIC_BASE_URL',
    description:
      'The URL callers reach the API at (`https://api.example.nl`, no path): the base of the resource URL in x402 payment requirements, of the examples in `/llms.txt` and of the links on the front page. Unset: the scheme and host of a request that came through a trusted proxy (`TRUSTED_PROXIES`), else `http://localhost:PORT`; never a `Host` header a client chose. Set it in production.',
    example: 'https://api.example.nl',
  },
  {
    name: 'METRICS_PORT',
    description:
      'Port of a second listener with `/metrics` and the detailed `/health/ready` (and `/health/live`); when set, the public port serves neither, only `/health/live` and `/health/ready` with its status. Unset: both stay on the public port. The container image sets 9464.',
    example: '9464',
  },
  {
    name: 'METRICS_HOST',
    description:
      'Interface of the `METRICS_PORT` listener. The container image sets 0.0.0.0, so Prometheus can reach it.',
    default: '127.0.0.1',
  },
  {
    name: 'METRICS_TOKEN',
    description:
      'When set (at least 16 characters), `/metrics` and the detailed `/health/ready` need `Authorization: Bearer <token>`, on whichever port they are served; without it `/health/ready` shows only its status.',
    secret: true,
  },
  {
    name: 'LOG_LEVEL',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
    default: 'info',
  },
  {
    name: 'NATS_URL',
    description: 'NATS server(s), comma-separated. Required in the distributed profile.',
    example: 'nats://127.0.0.1:4222',
  },
  {
    name: 'DATABASE_URL',
    description:
      "PostgreSQL URL. Required in the distributed profile; standalone uses it when set, PGlite otherwise. The gateway's credit statements are named prepared statements: a pooler in between must keep them (session pooling, or PgBouncer ≥ 1.21 with max_prepared_statements).",
    secret: true,
    example: 'postgres://postgres@127.0.0.1:5432/test',
  },
  {
    name: 'REDIS_URL',
    description:
      'Redis URL for caches. Required in the distributed profile; standalone uses it when set, memory otherwise.',
    secret: true,
    example: 'redis://127.0.0.1:6379',
  },
  {
    name: 'CACHE_KEY_PREFIX',
    description: 'Prefix of every cache key in Redis, so environments can share one Redis.',
    default: 'nl',
  },
  {
    name: 'PGLITE_DATA_DIR',
    description:
      'Where the embedded PGlite database lives: a directory, or a symbolic link to one; `memory`: a private scratch copy in the temp directory, removed when the process stops.',
    default: './.data',
  },
];
