import type { CustomStrategy } from '@nestjs/microservices';
import type { PlatformConfig } from '@nl/platform-config';
import type { Logger } from '@nl/platform-logging';
import { InProcServer } from './inproc.server.js';
import { TracedNatsServer } from './traced-nats.server.js';

/**
 * The transport a domain service listens on: NATS with the service's queue group (so any number
 * of replicas share the work), or the in-process bus.
 */
export function serviceTransport(
  config: PlatformConfig,
  queue: string,
  logger: Logger,
): CustomStrategy {
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
