import { Inject, Injectable, Optional } from '@nestjs/common';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { StateKey, type GatewayCall, type GatewayStep } from '@nl/gateway-core';
import { randomUUID } from 'node:crypto';
import { formatCredits, type ReplyEnvelope } from '@nl/contracts-core';
import { AccountsService, OFFERED_PAYMENT, ownerOf } from '@nl/gateway-access';
import { countCharge, type OfferedPayment, X402Payments } from '@nl/gateway-x402';
import { CreditsService } from './credits.service.js';
import { DoubtfulCharges } from './doubtful-charges.js';
import { insufficientCredits, priceOf, settlement, spendCapReached } from './charge-terms.js';
import { PaidCharges, type Written } from './charge-writes.js';
import type { ChargesAfter, DeliveryTracking } from './credit-backend.js';
import { SpendCapAlerts } from './spend-cap-alerts.js';
import type { ReserveOutcome } from './spend-caps.js';

/** Set when this call holds its x402 payment (reserved and verified). */
const HELD_PAYMENT = new StateKey<boolean>('x402-held');

/** The open reservation of this call, settled or released after it. */
const CHARGE_ID = new StateKey<string>('chargeId');

/** Set when this call reserved nothing and is charged after its answer: how it is charged. */
const CHARGE_AFTER = new StateKey<ChargesAfter>('charge-after');

/**
 * The credits of a call (an x402 payer's payment is held before the call and settled after it
 * instead, X402Payments): reserve the fresh price before the call (refused with 402 when the
 * balance is too low, or when the key has a spend cap the price would cross: the cap is
 * checked in the reservation's statement); afterwards charge {@link priceOf}
 * the answer, and nothing for any non-2xx answer. A test
 * key's (sandbox) call reserves and charges nothing: no ledger row at all.
 *
 * On Postgres, where a reservation and a settlement are a round trip each, a call of a key
 * without caps whose account this gateway last saw with a balance covering a thousand such calls
 * (ChargesAfter, a capability of the Postgres ledger) reserves nothing: it is charged after its
 * answer, in one statement that writes its row only if the balance covers its fresh price, as
 * the reservation would have (SqlCredits.charge). When another replica spent the balance
 * meanwhile, the caller gets the same `402 insufficient_credits` as before the call, without the
 * data; the price of that rare case is one service call nobody paid for. A non-2xx answer then
 * writes nothing.
 *
 * A paid answer is sent only once its charge is written. If the database fails between
 * reserve and settle, the settlement is retried for a few seconds; if it still cannot be
 * written (or writing it failed in any other way, which is logged and not retried) the caller
 * gets `503 database_unavailable` instead of the data (never data for
 * free, never a charge for an answer not delivered), told it was charged 0, and the charge is
 * undone once the database answers (DoubtfulCharges): an attempt whose connection died may
 * have committed, so a settlement that landed is refunded and an open reservation released.
 */
@Injectable()
export class CreditsStep implements GatewayStep {
  /** Charging after the answer, where the ledger can (Postgres); null: every call reserves. */
  private readonly afterwards: ChargesAfter | null;
  /** The delivery list of charged answers, where the ledger keeps one (embedded); else null. */
  private readonly deliveries: DeliveryTracking | null;
  /** Writes the paid answers' charges, retrying while the database is unreachable. */
  private readonly writes: PaidCharges;

  constructor(
    private readonly credits: CreditsService,
    private readonly accounts: AccountsService,
    private readonly payments: X402Payments,
    doubtful: DoubtfulCharges,
    @Inject(LOGGER) logger: Logger,
    @Optional() private readonly alerts?: SpendCapAlerts,
  ) {
    this.afterwards = credits.afterwards;
    this.deliveries = credits.deliveries;
    this.writes = new PaidCharges(credits, doubtful, logger);
  }

  before(call: GatewayCall): void | Promise<void> {
    const owner = ownerOf(call);
    if (owner.sandbox) return;
    const offer = call.state.get(OFFERED_PAYMENT);
    if (offer) return this.holdPayment(call, offer);
    const amount = call.endpoint.price.fresh;
    const { afterwards } = this;
    if (!owner.capped && afterwards?.chargesAfter(owner.accountId, amount)) {
      call.state.set(CHARGE_AFTER, afterwards);
      return;
    }
    const reserved = this.credits.reserve({
      accountId: owner.accountId,
      keyId: owner.capped ? owner.keyId : undefined,
      amount,
      endpoint: call.endpoint.id,
      requestId: call.requestId,
    });
    if (!(reserved instanceof Promise)) return this.held(call, reserved);
    return reserved.then((outcome) => this.held(call, outcome));
  }

  private async holdPayment(call: GatewayCall, offer: OfferedPayment): Promise<void> {
    await this.payments.hold(call, offer);
    // Only the call that holds the payment may settle or give it back.
    call.state.set(HELD_PAYMENT, true);
  }

  /** Goes on with the reservation made, or refuses the call (402) with the reason. */
  private held(call: GatewayCall, reserved: ReserveOutcome): void | Promise<void> {
    const price = call.endpoint.price.fresh;
    if (!reserved.ok && reserved.reason === 'spend_cap') {
      const { accountId, keyId } = ownerOf(call);
      this.alerts?.capReached(accountId, keyId, reserved.capReached);
      void call.reply.header('x-credits-charged', formatCredits(0));
      void call.reply.header('x-credits-remaining', formatCredits(reserved.balance));
      throw spendCapReached(reserved.capReached, price);
    }
    if (!reserved.ok) return this.refuseShortOf(call, price, reserved.balance);
    call.state.set(CHARGE_ID, reserved.chargeId);
  }

  private async refuseShortOf(call: GatewayCall, price: number, known?: number): Promise<never> {
    const { accountId } = ownerOf(call);
    const balance =
      known ?? this.credits.liveBalance(accountId) ?? (await this.accounts.balance(accountId));
    void call.reply.header('x-credits-charged', formatCredits(0));
    void call.reply.header('x-credits-remaining', formatCredits(balance));
    throw insufficientCredits(price, balance);
  }

  /**
   * One outcome per call: an x402 payment is closed; a 2xx answer is charged (its reservation
   * settled, or the call charged after it); any other answer releases its reservation, or is
   * charged nothing; a call that neither reserved nor was to be charged after is free.
   */
  after(
    call: GatewayCall,
    outcome: { status: number; reply?: ReplyEnvelope },
  ): void | Promise<void> {
    const offer = call.state.get(OFFERED_PAYMENT);
    if (offer) return this.closePayment(call, offer, outcome.status);
    const paid = outcome.status >= 200 && outcome.status < 300;
    const reservedId = call.state.get(CHARGE_ID);
    if (reservedId)
      return paid ? this.settle(call, reservedId, outcome.reply) : this.release(call, reservedId);
    const afterwards = call.state.get(CHARGE_AFTER);
    if (afterwards)
      return paid ? this.chargeAfter(call, afterwards, outcome.reply) : this.unchargedHeaders(call);
    return this.free(call);
  }

  /** An x402 payer's call: only the call that holds the payment may settle or give it back. */
  private closePayment(
    call: GatewayCall,
    offer: OfferedPayment,
    status: number,
  ): void | Promise<void> {
    if (call.state.get(HELD_PAYMENT)) return this.payments.close(call, offer, status);
  }

  /**
   * A 2xx answer's reservation is settled: the answer waits until its charge is written (in the
   * embedded profile, for the turn's journal write only). The retries (PaidCharges.written)
   * start only once the first attempt failed: each promise and await more of a paid call's chain
   * costs it, with the request context's hooks.
   */
  private settle(call: GatewayCall, chargeId: string, reply?: ReplyEnvelope): Promise<void> {
    const price = priceOf(call.endpoint.price, reply?.meta);
    return this.credits.settle(chargeId, price).then(
      (balance) => this.charged(call, chargeId, settlement(price, balance)),
      (error: unknown) =>
        this.writes
          .written(call, chargeId, () => this.settleOnce(chargeId, price), { error })
          .then((settled) => this.charged(call, chargeId, settled)),
    );
  }

  /** A 2xx answer of a call that reserved nothing is charged now (ChargesAfter.charge). */
  private chargeAfter(
    call: GatewayCall,
    afterwards: ChargesAfter,
    reply?: ReplyEnvelope,
  ): Promise<void> {
    const price = priceOf(call.endpoint.price, reply?.meta);
    const chargeId = randomUUID();
    const charge = () => this.chargeOnce(call, afterwards, chargeId, price);
    return this.writes
      .written(call, chargeId, charge)
      .then((settled) => this.charged(call, chargeId, settled));
  }

  /** A call that reserved nothing and is charged nothing: a test key's shows its balance. */
  private free(call: GatewayCall): void | Promise<void> {
    if (ownerOf(call).sandbox) return this.unchargedHeaders(call);
  }

  /** The headers of a written charge (or of none), and the delivery mark of its answer. */
  private charged(call: GatewayCall, chargeId: string, settled: Written | null): void {
    void call.reply.header('x-credits-charged', formatCredits(settled?.charged ?? 0));
    if (!settled) return;
    countCharge(call.endpoint.id, 'balance', settled.charged);
    void call.reply.header('x-credits-remaining', formatCredits(settled.balance));
    // The embedded profile refunds, after a crash, charges whose answers may not have gone out.
    this.deliveries?.sent(chargeId, call.reply.raw);
  }

  /** A failed call's reservation is given back whole. */
  private async release(call: GatewayCall, chargeId: string): Promise<void> {
    const balance = await this.credits.release(chargeId);
    void call.reply.header('x-credits-charged', formatCredits(0));
    if (balance !== null) void call.reply.header('x-credits-remaining', formatCredits(balance));
  }

  /**
   * A call charged nothing without a reservation to release (a test key's, or a failed call that
   * was to be charged after): the balance it shows is the live one, unchanged.
   */
  private async unchargedHeaders(call: GatewayCall): Promise<void> {
    void call.reply.header('x-credits-charged', formatCredits(0));
    const balance = await this.accounts.balance(ownerOf(call).accountId).catch(() => null);
    if (balance !== null) void call.reply.header('x-credits-remaining', formatCredits(balance));
  }

  /** Settles a reservation; null if nothing was open. */
  private settleOnce(chargeId: string, charge: number): Promise<Written | null> {
    return this.credits.settle(chargeId, charge).then((balance) => settlement(charge, balance));
  }

  /**
   * Charges a call that reserved nothing: refused (402, the data withheld) when the balance no
   * longer covers its fresh price; a charge id that already has its row (an attempt whose
   * connection died had landed) is read back.
   */
  private async chargeOnce(
    call: GatewayCall,
    afterwards: ChargesAfter,
    chargeId: string,
    charge: number,
  ): Promise<Written | null> {
    const { endpoint, requestId } = call;
    const { accountId } = ownerOf(call);
    const amount = endpoint.price.fresh;
    const outcome = await afterwards.charge({
      chargeId,
      accountId,
      amount,
      charge,
      endpoint: endpoint.id,
      requestId,
    });
    if (outcome.ok) return { charged: charge, balance: outcome.balance };
    if (outcome.reason === 'balance') return this.refuseShortOf(call, amount, outcome.balance);
    return (await this.writes.landed(chargeId)) ?? null;
  }
}
