import { ACCESS_ENTITIES } from '@nl/gateway-access';
import { GATEWAY_MIGRATIONS } from '@nl/gateway-persistence';
import type { DatabaseFeature } from '@nl/platform-database';
import { LEDGER_ENTITIES } from './ledger.entities.js';

/**
 * The part of the gateway's database the ledger works on: its own tables and those of the
 * accounts and keys it charges, built by the gateway's one migration chain. For whatever runs
 * the ledger without the whole gateway (the ledger's integration specs, the admin's).
 */
export const LEDGER_DATABASE: DatabaseFeature = {
  entities: [...ACCESS_ENTITIES, ...LEDGER_ENTITIES],
  migrations: GATEWAY_MIGRATIONS,
};
