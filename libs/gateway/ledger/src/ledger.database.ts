import { ACCESS_ENTITIES } from '@nl/gateway-access';
import { GATEWAY_MIGRATIONS } from '@nl/gateway-persistence';
import type { DatabaseFeature } from '@nl/platform-database';
import { CreditDeliveryEntity } from './entities/credit-delivery.entity.js';
import { CreditLedgerEntity } from './entities/credit-ledger.entity.js';
import { CreditReservationEntity } from './entities/credit-reservation.entity.js';
import { UsageDailyEntity } from './entities/usage-daily.entity.js';

/** The tables of the ledger, for the gateway's database. */
export const LEDGER_ENTITIES = [
  CreditReservationEntity,
  CreditDeliveryEntity,
  CreditLedgerEntity,
  UsageDailyEntity,
];

/**
 * The part of the gateway's database the ledger works on: its own tables and those of the
 * accounts and keys it charges, built by the gateway's one migration chain. For whatever runs
 * the ledger without the whole gateway (the ledger's integration specs, the admin's).
 */
export const LEDGER_DATABASE: DatabaseFeature = {
  entities: [...ACCESS_ENTITIES, ...LEDGER_ENTITIES],
  migrations: GATEWAY_MIGRATIONS,
};
