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
