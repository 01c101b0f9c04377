import { defineConfigSection } from '@nl/platform-config';

export interface ValidationSettings {
  /** Base URL of the VIES REST API; null (`VIES_URL=off`): VAT checks answer 503. */
  readonly vies: { readonly url: string | null };
  readonly dns: { readonly servers: readonly string[] | null; readonly timeoutMs: number };
  readonly disposable: {
    readonly denyUrls: readonly string[];
    readonly allowUrls: readonly string[];
    readonly refreshHours: number;
  };
}

const IP_PORT = /^(\[[0-9a-f:]+\]|[0-9.]+|[0-9a-f:]+)(:\d{1,5})?$/i;

/** What the validation service reads from the environment; no other process loads it. */
export const VALIDATION_CONFIG = defineConfigSection<ValidationSettings>(
  'validation',
  [
    {
      name: 'VIES_URL',
      description:
        'Base URL of the EU VIES REST API (no key, free). `off`: VAT checks answer 503 (not configured).',
      default: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
      upstream: 'http',
    },
    {
      name: 'DNS_SERVERS',
      description:
        'DNS resolvers for the DNS lookup and e-mail checks, comma-separated IP[:port]. Unset: the system resolvers.',
      example: '1.1.1.1,9.9.9.9',
      upstream: 'dns',
    },
    {
      name: 'DNS_TIMEOUT_MS',
      description: 'Timeout of one DNS query in milliseconds.',
      default: '3000',
    },
    {
      name: 'DISPOSABLE_DENY_URLS',
      description:
        'Plain-text or JSON lists of disposable e-mail domains to refresh from, comma-separated. `off`: the shipped snapshot only, never refreshed.',
      default:
        'https://raw.githubusercontent.com/amieiro/disposable-email-domains/master/denyDomains.txt',
      upstream: 'http',
    },
    {
      name: 'DISPOSABLE_ALLOW_URLS',
      description:
        'Allowlists (domains never reported as disposable, even when a deny list has them) to refresh from, comma-separated. `off`: the shipped allowlist stays.',
      default:
        'https://raw.githubusercontent.com/amieiro/disposable-email-domains/master/allowDomains.txt',
      upstream: 'http',
    },
    {
      name: 'DISPOSABLE_REFRESH_HOURS',
      description:
        'Hours between refreshes of the disposable-domain list (conditional downloads: an unchanged list costs a 304).',
      default: '12',
    },
  ],
  (read) => {
    const servers = read.list('DNS_SERVERS');
    if (servers.some((s) => !IP_PORT.test(s)))
      read.problem('DNS_SERVERS must be IP addresses, optionally with :port');
    return {
      vies: { url: read.url('VIES_URL') },
      dns: {
        servers: servers.length ? servers : null,
        timeoutMs: read.number('DNS_TIMEOUT_MS', 100, 30_000),
      },
      disposable: {
        denyUrls: read.urls('DISPOSABLE_DENY_URLS'),
        allowUrls: read.urls('DISPOSABLE_ALLOW_URLS'),
        refreshHours: read.number('DISPOSABLE_REFRESH_HOURS', 1, 24 * 14, true),
      },
    };
  },
);
