import { Global, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { InProcClient } from './inproc.client.js';
import { TracedNatsClient } from './traced-nats.client.js';
import { ServiceClient } from './service-client.js';
import { TRANSPORT_PROXY, TransportClient } from './transport.client.js';

/**
 * Gives the gateway (and a service that calls other services) a {@link TransportClient} on NATS
 * or the in-process bus, per config, and the typed {@link ServiceClient} over it.
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
  ],
  exports: [TransportClient, ServiceClient],
})
export class TransportClientModule {}
