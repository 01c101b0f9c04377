import { Controller, Delete, Get, Param, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AccountsService, findKeysByPrefix } from '@nl/gateway-access';
import { DashboardSessions } from '@nl/gateway-dashboard';
import { guardAdmin } from './admin-guard.js';
import { GATEWAY_CONFIG, type GatewaySettings } from './gateway.config.js';

/** A key's visible prefix (`nlk_live_` + 6), optionally with its ellipsis, or more of the key. */
const PREFIX = /^nlk_(live|test)_[A-Za-z0-9]{6,40}(…|\.\.\.)?$/;

/**
 * What support needs beside the account routes: find a key (and its account) from the prefix a
 * customer reads out, see an account's dashboard sessions and end them. Same guard as /admin.
 */
@ApiExcludeController()
@Controller('admin')
export class AdminSupportController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: DashboardSessions,
    private readonly db: DataSource,
    @InjectConfig(GATEWAY_CONFIG) private readonly settings: GatewaySettings,
  ) {}

  @Get('keys')
  async findKeys(@Req() request: FastifyRequest, @Query('prefix') prefix?: string) {
    guardAdmin(request, this.settings.adminToken);
    if (typeof prefix !== 'string' || !PREFIX.test(prefix))
      throw DomainError.validation([
        {
          field: 'prefix',
          message:
            'prefix must be the start of a key, at least 12 characters: nlk_live_… or nlk_test_…',
        },
      ]);
    return { keys: await findKeysByPrefix(this.db, prefix) };
  }

  @Get('accounts/:id/sessions')
  async listSessions(@Req() request: FastifyRequest, @Param('id') id: string) {
    guardAdmin(request, this.settings.adminToken);
    await this.account(id);
    const sessions = await this.sessions.list(id);
    return {
      sessions: sessions.map((s) => ({
        id: s.idHash.slice(0, 12),
        key_id: s.keyId,
        user_agent: s.userAgent,
        created_at: new Date(s.createdAt).toISOString(),
        expires_at: new Date(s.expiresAt).toISOString(),
      })),
    };
  }

  @Delete('accounts/:id/sessions')
  async endSessions(@Req() request: FastifyRequest, @Param('id') id: string) {
    guardAdmin(request, this.settings.adminToken);
    await this.account(id);
    return { ended: await this.sessions.endAll(id) };
  }

  private async account(id: string) {
    const account = isUUID(id) ? await this.accounts.findAccount(id) : null;
    if (!account) throw new DomainError('not_found', 'No account with that id.');
    return account;
  }
}
