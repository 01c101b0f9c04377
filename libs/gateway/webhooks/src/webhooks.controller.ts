import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AccountsService, accountCaller, RateLimits, type KeyOwner } from '@nl/gateway-access';
import { ACCOUNT_TAG, ApiErrorResponses, ApiSuccessResponse } from '@nl/gateway-core';
import { InjectConfig } from '@nl/platform-config';
import { DomainError, validateInput } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebhookEndpoints } from './webhook-endpoints.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { checkRegisteredUrl, WEBHOOKS_CONFIG, type WebhookSettings } from './webhooks.config.js';
import {
  settingsView,
  WebhookResendView,
  WebhookSecretView,
  WebhookSettingsBody,
  WebhookSettingsView,
} from './webhooks.views.js';

/** Calls per key per minute to the webhook routes, any tier: free, and rarely needed often. */
export const WEBHOOK_LIMITS = {
  get: { id: 'account.webhooks.get', path: '/v1/account/webhooks', limit: 60 },
  put: { id: 'account.webhooks.put', path: '/v1/account/webhooks', limit: 10 },
  secret: { id: 'account.webhooks.secret', path: '/v1/account/webhooks/secret', limit: 10 },
  resend: {
    id: 'account.webhooks.resend',
    path: '/v1/account/webhooks/deliveries/{id}/resend',
    limit: 30,
  },
} as const;

/** A message id as newWebhookMessageId makes them. */
const MESSAGE_ID = /^msg_[0-9a-f]{32}$/;
const MESSAGE_ID_EXAMPLE = 'msg_5c0f3a2b9d8e4f6a8b7c6d5e4f3a2b1c';
const NO_SUCH_DELIVERY = {
  status: 404,
  description: 'You have no webhook delivery with this id (`not_found`).',
};

const READ = { method: 'GET', metered: false, x402: false } as const;
/** The writes take a JSON body (or none): 413 and 415 apply as to a POST. */
const WRITE = { method: 'POST', metered: false, x402: false } as const;

/**
 * The account's webhooks over the API, for its API keys: the URL, the signing secret's
 * rotation, the delivery log and resending one delivery. Free, rate-limited, problem+json
 * errors, as the other account routes.
 */
@ApiTags(ACCOUNT_TAG)
@Controller('v1/account/webhooks')
export class WebhooksController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly limits: RateLimits,
    private readonly endpoints: WebhookEndpoints,
    private readonly outbox: WebhookOutbox,
    @InjectConfig(WEBHOOKS_CONFIG) private readonly settings: WebhookSettings,
  ) {}

  private caller(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: (typeof WEBHOOK_LIMITS)[keyof typeof WEBHOOK_LIMITS],
  ): Promise<KeyOwner> {
    return accountCaller(this.accounts, this.limits, request, reply, limit);
  }

  /** The settings and the delivery log of the account, as both GET and PUT answer them. */
  private async view(accountId: string): Promise<WebhookSettingsView> {
    const [settings, log] = await Promise.all([
      this.endpoints.settings(accountId),
      this.outbox.log(accountId),
    ]);
    return settingsView(settings, log);
  }

  @Get()
  @ApiOperation({
    operationId: 'account.webhooks.get',
    summary: 'Your webhook settings and deliveries',
    description:
      'The URL events are sent to, the last 4 characters of the signing secret, and the last 50 deliveries with their attempts. Free of charge; at most 60 calls per minute per key.',
  })
  @ApiErrorResponses(READ)
  @ApiSuccessResponse(READ, WebhookSettingsView, 'Your webhook settings and the delivery log.')
  async get(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookSettingsView> {
    const owner = await this.caller(request, reply, WEBHOOK_LIMITS.get);
    return this.view(owner.accountId);
  }

  @Put()
  @ApiOperation({
    operationId: 'account.webhooks.put',
    summary: 'Set your webhook URL',
    description:
      'Registers the https URL events are POSTed to, or removes it with `null`. The URL is checked now (and before every attempt): https only, and its host must resolve to public addresses only; a refused URL is `400 validation_failed` with the `reason`. Free of charge; at most 10 calls per minute per key.',
  })
  @ApiBody({ type: WebhookSettingsBody })
  @ApiErrorResponses(WRITE)
  @ApiSuccessResponse(WRITE, WebhookSettingsView, 'The settings as saved, with the delivery log.')
  async put(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<WebhookSettingsView> {
    const owner = await this.caller(request, reply, WEBHOOK_LIMITS.put);
    const { url } = validateInput(WebhookSettingsBody, body);
    if (url !== null) await checkRegisteredUrl(url, this.settings);
    await this.endpoints.setUrl(owner.accountId, url);
    return this.view(owner.accountId);
  }

  @Post('secret')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'account.webhooks.secret',
    summary: 'Rotate your webhook signing secret',
    description:
      'Makes a new signing secret and answers it, once: it cannot be read again. For the next 24 hours every call is signed with both the new and the previous secret, so your receiver can switch without missing a call. Free of charge; at most 10 calls per minute per key.',
  })
  @ApiErrorResponses(WRITE)
  @ApiSuccessResponse(WRITE, WebhookSecretView, 'The new secret, shown only in this answer.')
  async rotate(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookSecretView> {
    const owner = await this.caller(request, reply, WEBHOOK_LIMITS.secret);
    const { secret, until } = await this.endpoints.rotate(owner.accountId);
    return { secret, previous_secret_valid_until: until.toISOString() };
  }

  @Post('deliveries/:id/resend')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'account.webhooks.resend',
    summary: 'Send a delivery again',
    description:
      'Queues a delivered or failed delivery again: a new series of attempts with the same `webhook-id`, so a receiver that already has it can drop the repeat. A pending one is already queued and stays as it is. Free of charge; at most 30 calls per minute per key.',
  })
  @ApiParam({
    name: 'id',
    description: 'The delivery’s message id (`msg_…`), as in the log and in `webhook-id`.',
    schema: { type: 'string', pattern: MESSAGE_ID.source, example: MESSAGE_ID_EXAMPLE },
  })
  @ApiErrorResponses({ ...WRITE, errorResponses: [NO_SUCH_DELIVERY] })
  @ApiSuccessResponse(WRITE, WebhookResendView, 'Queued: attempts start now.', 202)
  async resend(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<WebhookResendView> {
    const owner = await this.caller(request, reply, WEBHOOK_LIMITS.resend);
    if (!MESSAGE_ID.test(id))
      throw DomainError.validation([{ field: 'id', message: 'id must be msg_ and 32 hex digits' }]);
    if (!(await this.outbox.resend(owner.accountId, id)))
      throw new DomainError('not_found', 'You have no webhook delivery with this id.');
    return { id, state: 'pending' };
  }
}
