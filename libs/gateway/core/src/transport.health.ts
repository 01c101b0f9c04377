import { Injectable } from '@nestjs/common';
import { HealthRegistry } from '@nl/platform-health';
import { TransportClient } from '@nl/platform-transport';

/**
 * The gateway is ready when its transport is connected (a missing domain is not its fault), and
 * alive while that connection can still come back by itself.
 */
@Injectable()
export class TransportHealth {
  constructor(transport: TransportClient, health: HealthRegistry) {
    health.register({ name: 'transport', check: () => transport.client.health() });
    health.registerLiveness({
      name: 'transport',
      check: async () =>
        transport.client.alive()
          ? { status: 'up' }
          : { status: 'down', error: 'the NATS connection closed for good' },
    });
  }
}
