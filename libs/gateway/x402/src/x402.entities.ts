import { X402PaymentEntity } from './x402-payment.entity.js';

/** The tables of x402, for the gateway's database. */
export const X402_ENTITIES = [X402PaymentEntity];
