import { Controller, Get, Res, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { toCredits } from '@nl/contracts-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, type KeyOwner } from '../accounts/accounts.service.js';
import { endpointAccess } from '../accounts/endpoint-access.js';
import { RateLimits } from '../limits/rate-limits.js';
import { authenticate } from '../steps/auth.step.js';
import { enforceRateLimit } from '../steps/rate-limit.step.js';
import { AccountView, UsageView } from './account.views.js';

/**
 * Calls per key per minute to the account endpoints, any tier. They are free, so the limit is
 * what keeps one key from spending the database's time that paid calls need.
 */
export const ACCOUNT_LIMITS = {
  account: { id: 'account.get', path: '/v1/account', limit: 60 },
  usage: { id: 'account.usage', path: '/v1/account/usage', limit: 30 },
} as const;

/** The caller's own account: free of charge, any tier, rate-limited per key. */
@ApiTags('account')
@ApiSecurity('apiKey')
@Controller('v1/account')
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly limits: RateLimits,
  ) {}

  private async caller(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: (typeof ACCOUNT_LIMITS)[keyof typeof ACCOUNT_LIMITS],
  ): Promise<KeyOwner> {
    const owner = await authenticate(this.accounts, request, reply);
    await enforceRateLimit(this.limits, reply, owner, limit);
    return owner;
  }

  @Get()
  @ApiOperation({
    operationId: 'account.get',
    summary: 'Your account',
    description:
      'Tier, balance, and the price and per-minute limit of every endpoint for your tier. Free of charge; at most 60 calls per minute per key.',
  })
  @ApiOkResponse({ type: AccountView })
  async account(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountView> {
    const owner = await this.caller(request, reply, ACCOUNT_LIMITS.account);
    const account = await this.accounts.getAccount(owner.accountId);
    return {
      id: account.id,
      name: account.name,
      tier: account.tier,
      subscriptions: [...account.subscriptions],
      balance: toCredits(account.balance),
      endpoints: ENDPOINT_CATALOG.map((e) => {
        const access = endpointAccess(e, account);
        return {
          id: e.id,
          method: e.method,
          paths: [...e.paths],
          price: toCredits(e.price.fresh),
          cached_price: toCredits(e.price.cached),
          ...(e.price.partial !== undefined && { partial_price: toCredits(e.price.partial) }),
          limit_per_minute: access.available ? access.limitPerMinute : null,
          available: access.available,
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
  @ApiOkResponse({ type: UsageView })
  async usage(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UsageView> {
    const owner = await this.caller(request, reply, ACCOUNT_LIMITS.usage);
    return { days: 30, usage: await this.accounts.usage(owner.accountId, 30) };
  }
}
