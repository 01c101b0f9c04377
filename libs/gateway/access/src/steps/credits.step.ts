import { Injectable } from '@nestjs/common';
import { formatCredits, type GatewayCall, type GatewayStep } from '@nl/gateway-core';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import { AccountsService } from '../accounts/accounts.service.js';
import { CreditsService } from '../credits/credits.service.js';
import { ownerOf } from './auth.step.js';

/**
 * Steps 6 and 8: reserve the fresh price before the call; afterwards charge the cached price
 * for `hit`/`stale`, the fresh price otherwise, and nothing for any non-2xx answer.
 */
@Injectable()
export class CreditsStep implements GatewayStep {
  constructor(
    private readonly credits: CreditsService,
    private readonly accounts: AccountsService,
  ) {}

  async before(call: GatewayCall): Promise<void> {
    const owner = ownerOf(call);
    const price = call.endpoint.price.fresh;
    const reserved = await this.credits.reserve({
      accountId: owner.accountId,
      amount: price,
      endpoint: call.endpoint.id,
      requestId: call.requestId,
    });
    if (!reserved) {
      const balance = await this.accounts.balance(owner.accountId);
      void call.reply.header('x-credits-remaining', formatCredits(balance));
      throw new DomainError(
        'insufficient_credits',
        `This call costs ${formatCredits(price)} credits; the balance is ${formatCredits(balance)}.`,
      );
    }
    call.state['chargeId'] = reserved.chargeId;
  }

  async after(
    call: GatewayCall,
    outcome: { status: number; reply?: ReplyEnvelope },
  ): Promise<void> {
    const chargeId = call.state['chargeId'] as string | undefined;
    if (!chargeId) return;
    const ok = outcome.status >= 200 && outcome.status < 300;
    const charge = !ok
      ? 0
      : outcome.reply?.meta.cache === 'hit' || outcome.reply?.meta.cache === 'stale'
        ? call.endpoint.price.cached
        : call.endpoint.price.fresh;
    const balance = ok
      ? await this.credits.settle(chargeId, charge)
      : await this.credits.release(chargeId);
    void call.reply.header('x-credits-charged', formatCredits(balance === null ? 0 : charge));
    if (balance !== null) void call.reply.header('x-credits-remaining', formatCredits(balance));
  }
}
