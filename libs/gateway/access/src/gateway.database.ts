import type { DatabaseFeature } from '@nl/platform-database';
import {
  AccountEntity,
  ApiKeyEntity,
  CreditLedgerEntity,
  CreditReservationEntity,
} from './persistence/entities/index.js';
import { GatewayInit1763900000000 } from './persistence/migrations/1763900000000-gateway-init.js';

/**
 * The gateway's tables in schema `gw`. The entities describe them (a test checks they match
 * the migrations); the credit operations are single SQL statements over them (CreditsService).
 */
export const GATEWAY_DATABASE: DatabaseFeature = {
  entities: [AccountEntity, ApiKeyEntity, CreditReservationEntity, CreditLedgerEntity],
  migrations: [GatewayInit1763900000000],
};
