import type { PaymentRequirements } from './x402.requirements.js';

/** EIP-3009 `TransferWithAuthorization` as x402 carries it: every member a string. */
export interface Authorization {
  readonly from: string;
  readonly to: string;
  readonly value: string;
  readonly validAfter: string;
  readonly validBefore: string;
  readonly nonce: string;
}

/** The `PAYMENT-SIGNATURE` header's content (x402 v2 `PaymentPayload`), exact scheme on EVM. */
export interface PaymentPayload {
  readonly x402Version: 2;
  readonly resource?: unknown;
  readonly accepted: PaymentRequirements;
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly payload: { readonly signature: string; readonly authorization: Authorization };
}

/** Why a payment is refused; the x402 protocol's reasons where one fits. */
export type Refusal = { readonly reason: string; readonly detail: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^(0|[1-9][0-9]{0,77})$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{130,}$/;
/** The facilitators refuse a payment with less than 6 s left. */
const MIN_SECONDS_LEFT = 6;
/** Clock skew allowed past `maxTimeoutSeconds` for a payment's validBefore. */
const SKEW_SECONDS = 30;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (reason: string, detail: string): Refusal => ({ reason, detail });

/** The payload when its shape is x402 v2 exact/EIP-3009, else why not. */
export function parsePayload(value: unknown): PaymentPayload | Refusal {
  if (!isObject(value))
    return refuse('invalid_payload', 'PAYMENT-SIGNATURE is not base64 JSON of an object');
  if (value['x402Version'] !== 2)
    return refuse('invalid_x402_version', 'only x402 version 2 is accepted');
  const accepted = value['accepted'];
  const payload = value['payload'];
  if (!isObject(accepted) || !isObject(payload))
    return refuse('invalid_payload', 'the payment needs `accepted` and `payload`');
  const authorization = payload['authorization'];
  if (typeof payload['signature'] !== 'string' || !SIGNATURE.test(payload['signature']))
    return refuse(
      'invalid_exact_evm_payload_signature',
      'the signature is not 0x and 130 or more hex digits',
    );
  if (!isObject(authorization))
    return refuse('invalid_payload', 'the payment has no authorization');
  const fields: Record<keyof Authorization, RegExp> = {
    from: ADDRESS,
    to: ADDRESS,
    value: UINT,
    validAfter: UINT,
    validBefore: UINT,
    nonce: NONCE,
  };
  for (const [name, pattern] of Object.entries(fields))
    if (typeof authorization[name] !== 'string' || !pattern.test(authorization[name]))
      return refuse('invalid_payload', `authorization.${name} is missing or malformed`);
  return value as unknown as PaymentPayload;
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Our own checks of a payment against our requirement for this call, before any facilitator
 * sees it: the client's copy of the requirement must be ours exactly (never trusted for the
 * price), and the authorization must pay exactly that, to us, now.
 */
export function checkPayment(
  payment: PaymentPayload,
  required: PaymentRequirements,
  nowSeconds: number,
): Refusal | null {
  const { accepted } = payment;
  const { authorization } = payment.payload;
  if (accepted.scheme !== required.scheme)
    return refuse('unsupported_scheme', `only the ${required.scheme} scheme is accepted`);
  if (accepted.network !== required.network)
    return refuse(
      'invalid_network',
      `this server is paid on ${required.network}, not ${String(accepted.network)}`,
    );
  if (!same(accepted.asset, required.asset))
    return refuse(
      'invalid_asset',
      `this server is paid in ${required.asset}, not ${String(accepted.asset)}`,
    );
  if (!same(accepted.payTo, required.payTo) || !same(authorization.to, required.payTo))
    return refuse(
      'invalid_exact_evm_payload_recipient_mismatch',
      `payments go to ${required.payTo}`,
    );
  if (accepted.amount !== required.amount || authorization.value !== required.amount)
    return refuse(
      'invalid_exact_evm_payload_authorization_value_mismatch',
      `this call costs exactly ${required.amount} atomic units`,
    );
  if (
    accepted.maxTimeoutSeconds !== required.maxTimeoutSeconds ||
    accepted.extra?.name !== required.extra.name ||
    accepted.extra?.version !== required.extra.version
  )
    return refuse('invalid_payment_requirements', 'No matching payment requirements');
  const validBefore = Number(authorization.validBefore);
  if (validBefore < nowSeconds + MIN_SECONDS_LEFT)
    return refuse(
      'invalid_exact_evm_payload_authorization_valid_before',
      'the payment has expired',
    );
  if (validBefore > nowSeconds + required.maxTimeoutSeconds + SKEW_SECONDS)
    return refuse(
      'invalid_exact_evm_payload_authorization_valid_before',
      `the payment stays valid longer than ${required.maxTimeoutSeconds} s`,
    );
  if (Number(authorization.validAfter) > nowSeconds)
    return refuse(
      'invalid_exact_evm_payload_authorization_valid_after',
      'the payment is not valid yet',
    );
  return null;
}

export const isRefusal = (value: PaymentPayload | Refusal): value is Refusal => 'reason' in value;
