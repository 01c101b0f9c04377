import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Req,
  type Type,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectConfig } from '@nl/platform-config';
import { DomainError, validateInput } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AccountsService } from '../accounts/accounts.service.js';
import { CreditsService } from '../credits/credits.service.js';
import { GATEWAY_CONFIG, type GatewaySettings } from '../gateway.config.js';
import {
  CreateAccountBody,
  CreateKeyBody,
  TopUpBody,
  UUID,
  UpdateAccountBody,
} from './admin.dto.js';

const hundredths = (credits: number) => Math.round(credits * 100);

/** Fixed-length digests, so the constant-time comparison never sees buffers of two lengths. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Account administration over HTTP, for operators: guarded by the `ADMIN_TOKEN` in
 * `X-Admin-Token` (never by an API key), and absent (404) when no token is configured.
 */
@ApiExcludeController()
@Controller('admin')
export class AdminController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly credits: CreditsService,
    @InjectConfig(GATEWAY_CONFIG) private readonly settings: GatewaySettings,
  ) {}

  @Get('accounts')
  async list(@Req() request: FastifyRequest) {
    this.guard(request);
    return { accounts: await this.accounts.listAccounts() };
  }

  @Post('accounts')
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    this.guard(request);
    const input = this.valid(CreateAccountBody, body);
    return this.accounts.createAccount({
      ...input,
      credits: input.credits ? hundredths(input.credits) : undefined,
    });
  }

  @Get('accounts/:id')
  async show(@Req() request: FastifyRequest, @Param('id') id: string) {
    this.guard(request);
    const account = await this.found(id);
    return {
      ...account,
      keys: await this.accounts.listKeys(id),
      usage: await this.accounts.usage(id, 30),
    };
  }

  @Patch('accounts/:id')
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    return this.accounts.updateAccount(id, this.valid(UpdateAccountBody, body));
  }

  @Post('accounts/:id/credits')
  @HttpCode(200)
  async topUp(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    const { credits } = this.valid(TopUpBody, body);
    return { balance: (await this.credits.topUp(id, hundredths(credits))) / 100 };
  }

  /** The plain key is in this answer only; it is never stored or shown again. */
  @Post('accounts/:id/keys')
  async createKey(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    const { name } = this.valid(CreateKeyBody, body ?? {});
    return this.accounts.createKey(id, name);
  }

  @Delete('keys/:id')
  async revoke(@Req() request: FastifyRequest, @Param('id') id: string) {
    this.guard(request);
    if (!UUID.test(id) || !(await this.accounts.revokeKey(id)))
      throw new DomainError('not_found', 'No live key with that id.');
    return { revoked: id };
  }

  private guard(request: FastifyRequest): void {
    const expected = this.settings.adminToken;
    if (!expected) throw new DomainError('route_not_found');
    const given = request.headers['x-admin-token'];
    const ok = typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));
    if (!ok) throw new DomainError('unauthorized', 'A valid X-Admin-Token is required.');
  }

  private valid<T extends object>(type: Type<T>, body: unknown): T {
    return validateInput(type, body);
  }

  private async found(id: string) {
    if (!UUID.test(id)) throw new DomainError('not_found', 'No account with that id.');
    return this.accounts.getAccount(id).catch(() => {
      throw new DomainError('not_found', 'No account with that id.');
    });
  }
}
