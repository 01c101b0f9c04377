import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { HealthRegistry } from '@nl/platform-health';
import {
  UpstreamClient,
  optionalUpstreamHealth,
  type UpstreamResponse,
} from '@nl/platform-upstream';
import { VIES_UNAVAILABLE, readViesAnswer, type ViesOutcome } from './vies.mapper.js';

/** Errors that say VIES as a whole is struggling (a member state's own outage does not). */
const GLOBAL_FAILURES = new Set([
  'SERVICE_UNAVAILABLE',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'SERVER_BUSY',
]);

function isViesFailure(response: UpstreamResponse): boolean {
  if (response.status === 429) return true;
  const outcome = readViesAnswer(response.status, response.body);
  if (outcome.kind === 'answer') return false;
  return response.status >= 500
    ? !VIES_UNAVAILABLE.has(outcome.code) || GLOBAL_FAILURES.has(outcome.code)
    : GLOBAL_FAILURES.has(outcome.code);
}

/**
 * The VIES REST API (`POST /check-vat-number`). Per attempt 5 s, one retry, so a call ends
 * well inside the gateway's 15 s. A member state that is down does not open the circuit for
 * the other states; VIES failing as a whole does.
 */
@Injectable()
export class ViesClient implements OnModuleInit {
  private readonly client: UpstreamClient | null;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly health: HealthRegistry,
  ) {
    const url = config.upstreams.vies.url;
    this.client = url
      ? new UpstreamClient({
          name: 'vies',
          baseUrl: url,
          timeoutMs: 5_000,
          retries: 1,
          backoffMs: 500,
          isFailure: isViesFailure,
        })
      : null;
  }

  onModuleInit(): void {
    this.health.register(optionalUpstreamHealth('vies', this.client));
  }

  /** One check; throws UpstreamError when VIES gave no answer at all. */
  async check(countryCode: string, vatNumber: string): Promise<ViesOutcome> {
    if (!this.client)
      throw new DomainError(
        'upstream_not_configured',
        'VAT validation needs VIES_URL (the EU VIES REST API) on this server.',
      );
    const response = await this.client.request({
      method: 'POST',
      path: '/check-vat-number',
      json: { countryCode, vatNumber },
    });
    return readViesAnswer(response.status, response.body);
  }
}
