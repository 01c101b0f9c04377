import { Injectable } from '@nestjs/common';
import {
  statusSubject,
  type DomainName,
  type EndpointDefinition,
  type ServiceStatus,
} from '@nl/contracts-core';
import { TransportClient } from '@nl/platform-transport';
import { randomUUID } from 'node:crypto';

/** How long a domain's answer is trusted: a service that starts or stops shows within it. */
const STATUS_TTL_MS = 10_000;
/** A service that does not answer its status this fast is taken as not answering. */
const STATUS_TIMEOUT_MS = 2_000;

/**
 * Whether this deployment can answer each endpoint: not planned, a running service handles its
 * subject, and every upstream it needs is configured there. Learned from the services'
 * `<domain>.status` answers (both profiles: NATS or the in-process bus), cached briefly.
 */
@Injectable()
export class EndpointAvailability {
  private readonly statuses = new Map<
    DomainName,
    { at: number; status: Promise<ServiceStatus | null> }
  >();

  constructor(private readonly transport: TransportClient) {}

  async served(catalog: readonly EndpointDefinition[]): Promise<Set<string>> {
    const domains = [...new Set(catalog.filter((e) => !e.planned).map((e) => e.domain))];
    const statuses = new Map(
      await Promise.all(domains.map(async (d) => [d, await this.statusOf(d)] as const)),
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

  private statusOf(domain: DomainName): Promise<ServiceStatus | null> {
    const cached = this.statuses.get(domain);
    if (cached && Date.now() - cached.at < STATUS_TTL_MS) return cached.status;
    const status = this.transport
      .request<unknown>(
        statusSubject(domain),
        {},
        {
          requestId: randomUUID(),
          timeoutMs: STATUS_TIMEOUT_MS,
          sandbox: false,
        },
      )
      .then((reply) => reply as unknown as ServiceStatus)
      // No responders, a timeout, a transport down: nothing there answers this domain's calls.
      .catch(() => null);
    this.statuses.set(domain, { at: Date.now(), status });
    return status;
  }
}
