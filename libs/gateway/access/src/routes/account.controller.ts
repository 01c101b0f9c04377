import { Controller, Get, Res, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService } from '../accounts/accounts.service.js';
import { authenticate } from '../steps/auth.step.js';
import { AccountView, UsageView } from './account.views.js';

/** The caller's own account: free of charge, any tier. */
@ApiTags('account')
@ApiSecurity('apiKey')
@Controller('v1/account')
export class AccountController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({
    operationId: 'account.get',
    summary: 'Your account',
    description:
      'Tier, balance, and the price and per-minute limit of every endpoint for your tier. Free of charge.',
  })
  @ApiOkResponse({ type: AccountView })
  async account(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountView> {
    const owner = await authenticate(this.accounts, request, reply);
    const account = await this.accounts.getAccount(owner.accountId);
    return {
      id: account.id,
      name: account.name,
      tier: account.tier,
      subscriptions: [...account.subscriptions],
      balance: account.balance / 100,
      endpoints: ENDPOINT_CATALOG.map((e) => {
        const limit = e.limits[account.tier];
        const gated =
          Boolean(e.subscription) &&
          account.tier === 'paid' &&
          !account.subscriptions.includes(e.subscription as string);
        return {
          id: e.id,
          method: e.method,
          paths: [...e.paths],
          price: e.price.fresh / 100,
          cached_price: e.price.cached / 100,
          limit_per_minute: limit === undefined || gated ? null : limit,
          available: limit !== undefined && !gated,
        };
      }),
    };
  }

  @Get('usage')
  @ApiOperation({
    operationId: 'account.usage',
    summary: 'Your usage',
    description:
      'Successful calls and credits charged per endpoint per day (UTC), last 30 days. Free of charge.',
  })
  @ApiOkResponse({ type: UsageView })
  async usage(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UsageView> {
    const owner = await authenticate(this.accounts, request, reply);
    return { days: 30, usage: await this.accounts.usage(owner.accountId, 30) };
  }
}
