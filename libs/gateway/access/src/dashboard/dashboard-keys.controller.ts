import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AccountsService, type ApiKeyInfo } from '../accounts/accounts.service.js';
import type { SpendCaps } from '../accounts/key-caps.js';
import { renameKey } from '../accounts/key-lookup.js';
import { capsSection } from './caps.views.js';
import { DashboardPages, field, type Form } from './dashboard-pages.js';
import { DashboardSessions } from './dashboard-sessions.js';
import { html, type Html } from './html.js';
import { createdKeyView, keysView, revokeView } from './keys.views.js';

/** A number field: empty is null (no cap); anything else is passed on for validation. */
const amount = (form: Form, name: string): number | null => {
  const text = field(form, name).replace(',', '.');
  return text === '' ? null : Number(text);
};

/**
 * The keys page and its forms: create (the secret in that one answer), rename, revoke after a
 * confirmation, spend caps. Every action looks the key up among the session's account's keys.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardKeysController extends DashboardPages {
  constructor(
    sessions: DashboardSessions,
    accounts: AccountsService,
    private readonly db: DataSource,
  ) {
    super(sessions, accounts);
  }

  @Get('keys')
  async keys(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'API keys', async (session, account) =>
      this.keysPage(account.id, session.csrf),
    );
  }

  /** The only answer that ever contains the new key's secret (never a redirect with it). */
  @Post('keys')
  async createKey(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session, form) => {
      const mode = field(form, 'mode') === 'test' ? 'test' : 'live';
      const name = field(form, 'name').slice(0, 100) || undefined;
      const { key, info } = await this.accounts.createKey(session.accountId, name, mode);
      const account = await this.accounts.getAccount(session.accountId);
      return this.frame(session, account, 'API keys', createdKeyView(key, info), 201);
    });
  }

  @Post('keys/:id/name')
  async renameKey(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session, form) => {
      const name = field(form, 'name').slice(0, 100) || null;
      if (!(await renameKey(this.db, session.accountId, this.uuid(id), name)))
        throw new DomainError('not_found', 'You have no key with that id.');
      return '/dashboard/keys';
    });
  }

  /** Sets a key's caps; a bad value shows the keys page again with what was wrong (400). */
  @Post('keys/:id/caps')
  async setCaps(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session, form) => {
      const caps = {
        dailyCap: amount(form, 'daily_cap'),
        monthlyCap: amount(form, 'monthly_cap'),
        alertPercent: amount(form, 'alert_percent'),
      };
      const account = await this.accounts.getAccount(session.accountId);
      try {
        const key = this.live(await this.accounts.listKeys(account.id), id);
        await this.accounts.setSpendCaps(account.id, key.id, caps as SpendCaps);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'validation_failed') throw error;
        const problems = (error.extra.errors ?? []).map((e) => e.message).join(' ');
        const body = await this.keysPage(account.id, session.csrf, problems || error.message);
        return this.frame(session, account, 'API keys', body, 400);
      }
      return '/dashboard/keys';
    });
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.view(request, reply, 'Revoke a key', async (session, account) => {
      return revokeView(this.live(await this.accounts.listKeys(account.id), id), session.csrf);
    });
  }

  @Post('keys/:id/revoke')
  async revokeKey(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session) => {
      if (!(await this.accounts.revokeAccountKey(session.accountId, this.uuid(id))))
        throw new DomainError('not_found', 'You have no live key with that id.');
      // Revoking the key this session signed in with ends the session on the next page.
      return '/dashboard/keys';
    });
  }

  private async keysPage(accountId: string, csrf: string, problem?: string): Promise<Html> {
    const keys = await this.accounts.listKeys(accountId);
    const spend = await this.accounts.spendOf(keys.map((k) => k.id));
    return html`${problem && html`<p class="error" role="alert">${problem}</p>`}${keysView(keys, csrf)}${capsSection(keys, spend, csrf)}`;
  }

  /** A live key of the account, else 404 (ids of other accounts' keys find nothing). */
  private live(keys: readonly ApiKeyInfo[], id: string): ApiKeyInfo {
    const key = keys.find((k) => k.id === id && k.revokedAt === null);
    if (!key) throw new DomainError('not_found', 'You have no live key with that id.');
    return key;
  }
}
