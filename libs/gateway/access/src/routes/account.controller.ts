import { Controller, Get, Inject, Res, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { toCredits, type EndpointDefinition } from '@nl/contracts-core';
import {
  ACCOUNT_TAG,
  ApiErrorResponses,
  ApiSuccessResponse,
  GATEWAY_CATALOG,
} from '@nl/gateway-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, type KeyOwner } from '../accounts/accounts.service.js';
import { endpointAccess } from '../accounts/endpoint-access.js';
import { EndpointAvailability } from '../accounts/endpoint-availability.js';
import { RateLimits } from '../limits/rate-limits.js';
import { accountCaller } from './account-caller.js';
import { AccountView, UsageView } from './account.views.js';

/**
 * Calls per key per minute to the account endpoints, any tier. They are free, so the limit is
 * what keeps one key from spending the database's time that paid calls need.
 */
export const ACCOUNT_LIMITS = {
  account: { id: 'account.get', path: '/v1/account', limit: 60 },
  usage: { id: 'account.usage', path: '/v1/account/usage', limit: 30 },
} as const;

/**
 * The account operations' answers: free (no credits), rate-limited, problem+json errors; an
 * `ETag` on each, so `If-None-Match` answers `304` (static-caching.ts in the gateway core).
 */
const FREE = { method: 'GET', metered: false, x402: false, conditional: true } as const;

@ApiTags(ACCOUNT_TAG)
@ApiErrorResponses(FREE)
@Controller('v1/account')
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly limits: RateLimits,
    private readonly availability: EndpointAvailability,
    @Inject(GATEWAY_CATALOG) private readonly catalog: readonly EndpointDefinition[],
  ) {}

  private caller(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: (typeof ACCOUNT_LIMITS)[keyof typeof ACCOUNT_LIMITS],
  ): Promise<KeyOwner> {
    return accountCaller(this.accounts, this.limits, request, reply, limit);
  }

  @Get()
  @ApiOperation({
    operationId: 'account.get',
    summary: 'Your account',
    description:
      'Tier, balance, and the price and per-minute limit of every endpoint for your tier. Free of charge; at most 60 calls per minute per key.',
  })
  @ApiSuccessResponse(FREE, AccountView, 'Your account, with the terms of every endpoint.')
  async account(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountView> {
    const owner = await this.caller(request, reply, ACCOUNT_LIMITS.account);
    const [account, served] = await Promise.all([
      this.accounts.getAccount(owner.accountId),
      this.availability.served(this.catalog),
    ]);
    return {
      id: account.id,
      name: account.name,
      tier: account.tier,
      subscriptions: [...account.subscriptions],
      balance: toCredits(account.balance),
      endpoints: this.catalog.map((e) => {
        const access = endpointAccess(e, account);
        return {
          id: e.id,
          method: e.method,
          paths: [...e.paths],
          price: toCredits(e.price.fresh),
          cached_price: toCredits(e.price.cached),
          ...(e.price.partial !== undefined && { partial_price: toCredits(e.price.partial) }),
          limit_per_minute: access.available ? access.limitPerMinute : null,
          available: access.available && served.has(e.id),
        };
      }),
    };
  }

  @Get('usage')
  @ApiOperation({
    operationId: 'account.usage',
    summary: 'Your usage',
    description:
      'Successful calls and credits charged per endpoint per day (UTC), today and the 29 days before. Free of charge; at most 30 calls per minute per key.',
  })
  @ApiSuccessResponse(FREE, UsageView, 'Your usage per endpoint and day.')
  async usage(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UsageView> {
    const owner = await this.caller(request, reply, ACCOUNT_LIMITS.usage);
    return { days: 30, usage: await this.accounts.usage(owner.accountId, 30) };
  }
}
