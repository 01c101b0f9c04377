import { GatewayInit1763900000000 } from './migrations/1763900000000-gateway-init.js';
import { UsageDaily1764100000000 } from './migrations/1764100000000-usage-daily.js';
import { X402Payments1764300000000 } from './migrations/1764300000000-x402.js';
import { LedgerRefund1764400000000 } from './migrations/1764400000000-ledger-refund.js';
import { SpendCaps1764500000000 } from './migrations/1764500000000-spend-caps.js';
import { Dashboard1764600000000 } from './migrations/1764600000000-dashboard.js';
import { CreditDelivery1764700000000 } from './migrations/1764700000000-credit-delivery.js';
import { AllowedOrigins1764800000000 } from './migrations/1764800000000-allowed-origins.js';
import { LedgerClosingRows1764900000000 } from './migrations/1764900000000-ledger-closing-rows.js';
import { LedgerNoUsageIndex1765000000000 } from './migrations/1765000000000-ledger-no-usage-index.js';
import { LedgerChargeKey1765100000000 } from './migrations/1765100000000-ledger-charge-key.js';
import { CreditFit1765200000000 } from './migrations/1765200000000-credit-fit.js';
import { Batches1765300000000 } from './migrations/1765300000000-batches.js';
import { Webhooks1765400000000 } from './migrations/1765400000000-webhooks.js';
import { Status1765500000000 } from './migrations/1765500000000-status.js';
import { KeyRolling1765600000000 } from './migrations/1765600000000-key-rolling.js';

/**
 * The migrations of the gateway's schema `gw`, in the order they run: one chain for the tables
 * of every gateway lib (accounts and keys, the ledger, x402, the dashboard, webhooks, the status figures), since a migration
 * often touches tables of several of them. It sits below those libs so that each lib's
 * integration specs can build the schema without the app that composes them.
 */
export const GATEWAY_MIGRATIONS = [
  GatewayInit1763900000000,
  UsageDaily1764100000000,
  X402Payments1764300000000,
  LedgerRefund1764400000000,
  SpendCaps1764500000000,
  Dashboard1764600000000,
  CreditDelivery1764700000000,
  AllowedOrigins1764800000000,
  LedgerClosingRows1764900000000,
  LedgerNoUsageIndex1765000000000,
  LedgerChargeKey1765100000000,
  CreditFit1765200000000,
  Batches1765300000000,
  Webhooks1765400000000,
  Status1765500000000,
  KeyRolling1765600000000,
];
