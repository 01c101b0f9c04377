import { Injectable } from '@nestjs/common';
import type { GatewayCall, GatewayStep } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { ownerOf } from './auth.step.js';

const NAMES = { free: 'Free', trial: 'Trial', paid: 'Paid', premium: 'Premium' } as const;

/** Step 4: the tier must have a limit for the endpoint; Paid needs the endpoint's subscription. */
@Injectable()
export class TierStep implements GatewayStep {
  readonly runsForHead = true;

  async before(call: GatewayCall): Promise<void> {
    const owner = ownerOf(call);
    const { endpoint } = call;
    if (endpoint.limits[owner.tier] === undefined) {
      throw new DomainError(
        'forbidden',
        `The ${NAMES[owner.tier]} tier does not include ${endpoint.paths[0]}.`,
      );
    }
    if (
      endpoint.subscription &&
      owner.tier === 'paid' &&
      !owner.subscriptions.includes(endpoint.subscription)
    ) {
      throw new DomainError(
        'forbidden',
        `${endpoint.paths[0]} needs the ${endpoint.subscription} subscription (or the Premium tier).`,
      );
    }
  }
}
