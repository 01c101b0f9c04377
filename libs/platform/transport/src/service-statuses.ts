import { Injectable } from '@nestjs/common';
import { statusSubject, type ServiceStatus } from '@nl/contracts-core';
import { randomUUID } from 'node:crypto';
import { TransportClient } from './transport.client.js';

/** How long a domain's answer is trusted: a service that starts or stops shows within it. */
const STATUS_TTL_MS = 10_000;
/** A service that does not answer its status this fast is taken as not answering. */
const STATUS_TIMEOUT_MS = 2_000;

/**
 * The services' `<domain>.status` answers (subjects, configured upstreams, breakers, datasets),
 * asked over the transport (NATS or the in-process bus) and kept a few seconds, so every reader
 * in one process shares one request per domain. `null`: nothing answered for the domain (no
 * responders, a timeout, the transport down).
 */
@Injectable()
export class ServiceStatuses {
  private readonly answers = new Map<
    string,
    { at: number; status: Promise<ServiceStatus | null> }
  >();

  constructor(private readonly transport: TransportClient) {}

  of(domain: string): Promise<ServiceStatus | null> {
    const kept = this.answers.get(domain);
    if (kept && Date.now() - kept.at < STATUS_TTL_MS) return kept.status;
    const status = this.transport
      .request<unknown>(
        statusSubject(domain),
        {},
        { requestId: randomUUID(), timeoutMs: STATUS_TIMEOUT_MS, sandbox: false },
      )
      .then((reply) => reply as unknown as ServiceStatus)
      .catch(() => null);
    this.answers.set(domain, { at: Date.now(), status });
    return status;
  }
}
