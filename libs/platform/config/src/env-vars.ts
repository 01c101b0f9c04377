/**
 * Every environment variable the platform reads, documented once. `.env.example` and the README
 * table are generated from this list; secrets are redacted wherever config is logged.
 */
export interface EnvVarSpec {
  readonly name: string;
  readonly description: string;
  readonly default?: string;
  readonly secret?: boolean;
}

export const PLATFORM_ENV_VARS: readonly EnvVarSpec[] = [
  {
    name: 'PORT',
    description: 'HTTP port of the app (gateway API, or a service’s health/metrics).',
    default: '3000',
  },
  { name: 'HOST', description: 'Interface to listen on.', default: '0.0.0.0' },
  {
    name: 'LOG_LEVEL',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
    default: 'info',
  },
  {
    name: 'NATS_URL',
    description: 'NATS server(s), comma-separated. Required in the distributed profile.',
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL URL. Required in the distributed profile; standalone uses it when set, PGlite otherwise.',
    secret: true,
  },
  {
    name: 'REDIS_URL',
    description:
      'Redis URL for caches. Required in the distributed profile; standalone uses it when set, memory otherwise.',
    secret: true,
  },
  {
    name: 'ADMIN_TOKEN',
    description:
      'Token for the gateway’s /admin API (header X-Admin-Token), at least 24 characters; the admin API is off without it.',
    secret: true,
  },
  {
    name: 'CACHE_KEY_PREFIX',
    description: 'Prefix of every cache key in Redis, so environments can share one Redis.',
    default: 'nl',
  },
  {
    name: 'PGLITE_DATA_DIR',
    description: 'Where the embedded PGlite database lives; `memory` keeps it in memory only.',
    default: './.data',
  },
  {
    name: 'VIES_URL',
    description:
      'Base URL of the EU VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api). Unset: VAT checks answer 503 upstream_not_configured, so nothing leaves the machine by default.',
  },
  {
    name: 'DNS_SERVERS',
    description:
      'DNS resolvers for the DNS lookup and e-mail checks, comma-separated IP[:port]. Unset: the system resolvers.',
  },
  {
    name: 'DNS_TIMEOUT_MS',
    description: 'Timeout of one DNS query in milliseconds.',
    default: '3000',
  },
  {
    name: 'DISPOSABLE_DENY_URLS',
    description:
      'Plain-text or JSON lists of disposable e-mail domains to refresh from, comma-separated. Unset: the shipped snapshot only.',
  },
  {
    name: 'DISPOSABLE_ALLOW_URLS',
    description:
      'Allowlists (domains never reported as disposable) to refresh from, comma-separated.',
  },
  {
    name: 'DISPOSABLE_REFRESH_HOURS',
    description: 'Hours between refreshes of the disposable-domain list (when URLs are set).',
    default: '24',
  },
  {
    name: 'RDW_URL',
    description:
      'Base URL of RDW open data (https://opendata.rdw.nl). Unset: vehicle lookups answer 503 upstream_not_configured.',
  },
  {
    name: 'RDW_APP_TOKEN',
    description:
      'Optional Socrata app token for RDW open data (header X-App-Token): its own rate pool.',
    secret: true,
  },
];
