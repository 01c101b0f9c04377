import { Global, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { InProcClient } from './inproc.client.js';
import { TracedNatsClient } from './traced-nats.client.js';
import { ServiceClient } from './service-client.js';
import { ServiceStatuses } from './service-statuses.js';
import { TRANSPORT_PROXY, TransportClient } from './transport.client.js';

/**
 * Gives the gateway (and a service that calls other services) a {@link TransportClient} on NATS
 * or the in-process bus, per config, the typed {@link ServiceClient} over it, and the services'
 * status answers ({@link ServiceStatuses}).
 */
@Global()
@Module({
  providers: [
    {
      provide: TRANSPORT_PROXY,
      inject: [PLATFORM_CONFIG, LOGGER],
      useFactory: (config: PlatformConfig, logger: Logger) =>
        config.transport.kind === 'nats'
          ? new TracedNatsClient(
              config.transport.servers,
              `${config.service}-client`,
              logger.child({ context: 'nats' }),
            )
          : new InProcClient(config.transport.bus),
    },
    TransportClient,
    ServiceClient,
    ServiceStatuses,
  ],
  exports: [TransportClient, ServiceClient, ServiceStatuses],
})
export class TransportClientModule {}
