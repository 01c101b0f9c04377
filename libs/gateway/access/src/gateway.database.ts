import type { DatabaseFeature } from '@nl/platform-database';
import { GatewayInit1763900000000 } from './persistence/migrations/1763900000000-gateway-init.js';

/** The gateway's tables; queries are hand-written SQL, so no entities are mapped. */
export const GATEWAY_DATABASE: DatabaseFeature = {
  entities: [],
  migrations: [GatewayInit1763900000000],
};
