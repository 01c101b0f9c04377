import { Injectable } from '@nestjs/common';
import type { EndpointDefinition } from '@nl/contracts-core';
import { ServiceStatuses } from '@nl/platform-transport';

/**
 * Whether this deployment can answer each endpoint: not planned, a running service handles its
 * subject, and every upstream it needs is configured there. Learned from the services'
 * `<domain>.status` answers (both profiles: NATS or the in-process bus), kept briefly.
 */
@Injectable()
export class EndpointAvailability {
  constructor(private readonly statuses: ServiceStatuses) {}

  async served(catalog: readonly EndpointDefinition[]): Promise<Set<string>> {
    const domains = [...new Set(catalog.filter((e) => !e.planned).map((e) => e.domain))];
    const statuses = new Map(
      await Promise.all(domains.map(async (d) => [d, await this.statuses.of(d)] as const)),
    );
    return new Set(
      catalog
        .filter((e) => {
          const status = statuses.get(e.domain);
          return (
            !e.planned &&
            !!status &&
            status.subjects.includes(e.subject) &&
            (e.upstreams ?? []).every((name) => status.upstreams[name] === true)
          );
        })
        .map((e) => e.id),
    );
  }
}
