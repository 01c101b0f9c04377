import { Global, Module } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { InProcClient } from './inproc.client.js';
import { TRANSPORT_PROXY, TransportClient } from './transport.client.js';

/** Gives the gateway a {@link TransportClient} on NATS or the in-process bus, per config. */
@Global()
@Module({
  providers: [
    {
      provide: TRANSPORT_PROXY,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) =>
        config.transport.kind === 'nats'
          ? new ClientNats({ servers: config.transport.servers, name: `${config.service}-client` })
          : new InProcClient(config.transport.bus),
    },
    TransportClient,
  ],
  exports: [TransportClient],
})
export class TransportClientModule {}
