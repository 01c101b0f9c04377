/**
 * Our own reason for a facilitator failure that has no name in the x402 vocabulary: it threw,
 * could not be understood, or answered a reason we do not know (its text is logged, not sent).
 */
export const FACILITATOR_ERROR = 'facilitator_error';

const SIGNATURE = 'the signature does not match the payer and this requirement';
const RECIPIENT = 'the authorization pays another address than this requirement';
const DOMAIN = 'the signature was made for another token (EIP-712 name or version)';
const BALANCE = "the payer's token balance does not cover the price";
const SCHEME = 'only the exact scheme is accepted here';

/**
 * The x402 reasons a facilitator may give for the exact scheme on EVM (the protocol's own and
 * those the SDK's EVM facilitator emits), each with the one line a payer is told. A facilitator's
 * own message is never sent: a viem error is kilobytes of text with the facilitator's address,
 * the calldata and the library's version.
 */
export const FAILURE_MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: BALANCE,
  invalid_network: 'the payment is for another network than this requirement',
  invalid_payload: 'the payment payload is malformed',
  invalid_payment_requirements: 'the payment does not match this requirement',
  invalid_scheme: SCHEME,
  unsupported_scheme: SCHEME,
  invalid_x402_version: 'only x402 version 2 is accepted here',
  invalid_transaction_state: 'the settlement transaction is in an unexpected state',
  unexpected_verify_error: 'the facilitator could not verify the payment',
  unexpected_settle_error: 'the facilitator could not settle the payment',
  settlement_pending: 'a settlement of this payment is already under way',
  asset_not_deployed_contract: 'the token is not a contract on this network',
  invalid_exact_evm_scheme: SCHEME,
  invalid_exact_evm_network_mismatch: 'the payment is for another network than this requirement',
  invalid_exact_evm_missing_eip712_domain:
    "the requirement lacks the token's EIP-712 name and version",
  invalid_exact_evm_payload_authorization_valid_after: 'the authorization is not valid yet',
  invalid_exact_evm_payload_authorization_valid_before:
    'the authorization has expired or expires within seconds',
  invalid_exact_evm_payload_authorization_value_mismatch:
    'the authorized value is not the price of this call',
  invalid_exact_evm_authorization_value: 'the authorized value is not a valid amount',
  invalid_exact_evm_payload_signature: SIGNATURE,
  invalid_exact_evm_signature: SIGNATURE,
  invalid_exact_evm_failed_to_parse_signature: 'the signature could not be read',
  invalid_exact_evm_payload_recipient_mismatch: RECIPIENT,
  invalid_exact_evm_recipient_mismatch: RECIPIENT,
  invalid_exact_evm_token_name_mismatch: DOMAIN,
  invalid_exact_evm_token_version_mismatch: DOMAIN,
  invalid_exact_evm_eip3009_not_supported: 'the token does not support EIP-3009 transfers',
  invalid_exact_evm_nonce_already_used: 'this authorization was used before; sign a new one',
  invalid_exact_evm_insufficient_balance: BALANCE,
  invalid_exact_evm_transaction_simulation_failed: 'the transfer would fail on chain',
  invalid_exact_evm_transaction_failed:
    'the settlement transaction failed; sign a new payment to try again',
  invalid_exact_evm_transfer_event_mismatch:
    'the settlement did not transfer the price to the recipient',
  smart_wallet_deployment_failed: "the payer's smart wallet could not be deployed",
  eip6492_factory_not_allowed: "the payer's smart wallet factory is not accepted",
  [FACILITATOR_ERROR]:
    'the payment facilitator failed; quote the X-Request-Id header if this persists',
};

/** A refused or failed payment as the payer is told of it: a stable code and one short line. */
export interface PaymentFailure {
  readonly reason: string;
  readonly message: string;
}

/** What the payer is told for a facilitator's `reason`: its own line, or ours for the unknown. */
export function failureFor(reason: unknown): PaymentFailure {
  const known = typeof reason === 'string' && Object.hasOwn(FAILURE_MESSAGES, reason);
  const code = known ? reason : FACILITATOR_ERROR;
  return { reason: code, message: FAILURE_MESSAGES[code] as string };
}
