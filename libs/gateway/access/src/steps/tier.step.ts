import { Injectable } from '@nestjs/common';
import { TIER_NAMES } from '@nl/contracts-core';
import type { GatewayCall, GatewayStep } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { endpointAccess } from '../accounts/endpoint-access.js';
import { ownerOf } from './auth.step.js';

/** Step 4: the tier must have a limit for the endpoint; Paid needs the endpoint's subscription. */
@Injectable()
export class TierStep implements GatewayStep {
  readonly runsForHead = true;

  before(call: GatewayCall): void {
    const owner = ownerOf(call);
    const { endpoint } = call;
    const access = endpointAccess(endpoint, owner);
    if (access.available) return;
    throw new DomainError(
      'forbidden',
      access.missing === 'tier'
        ? `The ${TIER_NAMES[owner.tier]} tier does not include ${endpoint.paths[0]}.`
        : `${endpoint.paths[0]} needs the ${endpoint.subscription} subscription (or the Premium tier).`,
    );
  }
}
