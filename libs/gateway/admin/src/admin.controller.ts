import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  type Type,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectConfig } from '@nl/platform-config';
import { overlapOf } from '@nl/gateway-access';
import { DomainError, validateInput } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewaySettings } from './gateway.config.js';
import { guardAdmin } from './admin-guard.js';
import {
  AllowedOriginsBody,
  CreateAccountBody,
  CreateKeyBody,
  ExpiryBody,
  RollKeyBody,
  ScopesBody,
  SpendCapsBody,
  TopUpBody,
  UpdateAccountBody,
} from './admin.dto.js';
import { AdminService } from './admin.service.js';

/**
 * Account administration over HTTP, for operators: guarded by the `ADMIN_TOKEN` in
 * `X-Admin-Token` (never by an API key), and absent (404) when no token is configured.
 */
@ApiExcludeController()
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    @InjectConfig(GATEWAY_CONFIG) private readonly settings: GatewaySettings,
  ) {}

  @Get('accounts')
  async list(@Req() request: FastifyRequest) {
    this.guard(request);
    return { accounts: await this.admin.listAccounts() };
  }

  @Post('accounts')
  async create(@Req() request: FastifyRequest, @Body() body: unknown) {
    this.guard(request);
    return this.admin.createAccount(this.valid(CreateAccountBody, body));
  }

  @Get('accounts/:id')
  async show(@Req() request: FastifyRequest, @Param('id') id: string) {
    this.guard(request);
    return this.admin.details(await this.found(id));
  }

  @Patch('accounts/:id')
  async update(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    return this.admin.updateAccount(id, this.valid(UpdateAccountBody, body));
  }

  @Post('accounts/:id/credits')
  @HttpCode(200)
  async topUp(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    const { credits } = this.valid(TopUpBody, body);
    return { balance: await this.admin.addCredits(id, credits) };
  }

  /** The account's keys, revoked ones too, with caps and allowed origins; never a secret. */
  @Get('accounts/:id/keys')
  async listKeys(@Req() request: FastifyRequest, @Param('id') id: string) {
    this.guard(request);
    await this.found(id);
    return { keys: await this.admin.listKeys(id) };
  }

  /** The plain key is in this answer only; it is never stored or shown again. */
  @Post('accounts/:id/keys')
  async createKey(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    await this.found(id);
    return this.admin.createKey(id, this.valid(CreateKeyBody, body ?? {}));
  }

  /** Calls and credits of the last `days` (1–366, default 30): API keys and x402 side by side. */
  @Get('revenue')
  async revenue(@Req() request: FastifyRequest, @Query('days') days?: string) {
    this.guard(request);
    const n = days === undefined ? 30 : Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 366)
      throw DomainError.validation([
        { field: 'days', message: 'days must be an integer from 1 to 366' },
      ]);
    return this.admin.revenue(n);
  }

  @Delete('keys/:id')
  async revoke(@Req() request: FastifyRequest, @Param('id') id: string) {
    this.guard(request);
    if (!(await this.admin.revokeKey(id)))
      throw new DomainError('not_found', 'No live key with that id.');
    return { revoked: id };
  }

  /** Replaces the key's spend caps (credits per UTC day and month) and alert threshold. */
  @Put('keys/:id/caps')
  async setCaps(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    return this.keyFound(await this.admin.setSpendCaps(id, this.valid(SpendCapsBody, body)));
  }

  /**
   * Rolls a live key (answered like a new key: `{ key, info }`): a new secret, in this answer
   * only, takes its place (same id, caps, spend, usage, origins, scopes, expiry); the replaced
   * one works for `overlap_seconds` more.
   */
  @Post('keys/:id/roll')
  @HttpCode(200)
  async roll(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    const { overlap_seconds } = this.valid(RollKeyBody, body ?? {});
    return this.keyFound(await this.admin.rollKey(id, overlapOf(overlap_seconds)), 'live ');
  }

  /** Replaces the key's expiry (an ISO time in the future, or null for none). */
  @Put('keys/:id/expiry')
  async setExpiry(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    return this.keyFound(await this.admin.setExpiry(id, this.valid(ExpiryBody, body).expires_at));
  }

  /** Replaces the domains the key may call (null or []: every domain). */
  @Put('keys/:id/scopes')
  async setScopes(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
    this.guard(request);
    return this.keyFound(await this.admin.setScopes(id, this.valid(ScopesBody, body).scopes));
  }

  /** Replaces the origins whose web pages may call with the key (null or []: any origin). */
  @Put('keys/:id/allowed-origins')
  async setAllowedOrigins(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    this.guard(request);
    return this.keyFound(
      await this.admin.setAllowedOrigins(id, this.valid(AllowedOriginsBody, body)),
    );
  }

  private guard(request: FastifyRequest): void {
    guardAdmin(request, this.settings.adminToken);
  }

  private valid<T extends object>(type: Type<T>, body: unknown): T {
    return validateInput(type, body);
  }

  /** A key operation's answer, or 404 when there was no such key. */
  private keyFound<T>(answer: T | null, kind = ''): T {
    if (!answer) throw new DomainError('not_found', `No ${kind}key with that id.`);
    return answer;
  }

  private async found(id: string) {
    const account = await this.admin.findAccount(id);
    if (!account) throw new DomainError('not_found', 'No account with that id.');
    return account;
  }
}
