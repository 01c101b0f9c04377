import type { CustomTransportStrategy } from '@nestjs/microservices';
import type { PlatformConfig } from '@nl/platform-config';
import type { HealthResult } from '@nl/platform-health';
import type { Logger } from '@nl/platform-logging';
import { InProcServer } from './inproc.server.js';
import { TracedNatsServer } from './traced-nats.server.js';

/** What a service's transport server tells its health checks, whichever transport it is. */
export interface ServiceServer {
  /** Whether it can take messages now (readiness). */
  health(): Promise<HealthResult>;
  /** False once its connection is gone for good and will not come back by itself (liveness). */
  alive(): boolean;
}

/** A service's transport server, as Nest runs it and the health checks ask it. */
export interface ServiceTransport {
  readonly strategy: CustomTransportStrategy & ServiceServer;
}

/**
 * The transport a domain service listens on: NATS with the service's queue group (so any number
 * of replicas share the work), or the in-process bus.
 */
export function serviceTransport(
  config: PlatformConfig,
  queue: string,
  logger: Logger,
): ServiceTransport {
  if (config.transport.kind === 'inproc')
    return {
      strategy: new InProcServer(config.transport.bus, logger.child({ context: 'inproc' })),
    };
  return {
    strategy: new TracedNatsServer(
      { servers: config.transport.servers, queue, name: `${config.service}-server` },
      logger.child({ context: 'nats' }),
    ),
  };
}
