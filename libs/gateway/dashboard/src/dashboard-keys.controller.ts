import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import {
  AccountsService,
  type ApiKeyInfo,
  isLastLiveKey,
  type KeyMode,
  renameKey,
  type SpendCaps,
} from '@nl/gateway-access';
import { DashboardFlash } from './dashboard-flash.js';
import { CREATED, DashboardKeyPages } from './dashboard-key-pages.js';
import { SIGN_IN, field, type Form } from './dashboard-pages.js';
import { DashboardSessions } from './dashboard-sessions.js';
import { createdKeyView, revokeView, secretGoneView } from './keys.views.js';
import { formTerms } from './key-terms.views.js';

/** A number field: empty is null (no cap); anything else is passed on for validation. */
const amount = (form: Form, name: string): number | null => {
  const text = field(form, name).replace(',', '.');
  return text === '' ? null : Number(text);
};

/**
 * The keys page and its forms: create, rename, revoke after a confirmation, spend caps. Every
 * action looks the key up among the session's account's keys, and answers with a redirect
 * (post/redirect/get): a reload shows the page again instead of posting again.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardKeysController extends DashboardKeyPages {
  constructor(
    sessions: DashboardSessions,
    accounts: AccountsService,
    flash: DashboardFlash,
    private readonly db: DataSource,
  ) {
    super(sessions, accounts, flash);
  }

  @Get('keys')
  async keys(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'API keys', async (session, account) =>
      this.keysPage(account.id, session.csrf),
    );
  }

  /**
   * Creates the key (with an expiry and scopes if chosen; a bad expiry shows the page again,
   * 400); its secret waits, encrypted, for the one page after the redirect.
   */
  @Post('keys')
  async createKey(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session, form) => {
      const mode: KeyMode = field(form, 'mode') === 'test' ? 'test' : 'live';
      const name = field(form, 'name').slice(0, 100) || undefined;
      let terms;
      try {
        terms = formTerms(form);
      } catch (error) {
        return this.refusedForm(session, error, 'New key');
      }
      const { key, info } = await this.accounts.createKey(session.accountId, name, mode, terms);
      const created = { id: info.id, prefix: info.prefix, name: info.name, mode, secret: key };
      return { to: CREATED, flash: { created }, accountId: session.accountId };
    });
  }

  /** The new key's secret, once: a reload of this address finds it gone. */
  @Get('keys/created')
  async createdKey(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Your new API key', async (_session, _account, flash) =>
      flash?.created ? createdKeyView(flash.created) : secretGoneView(),
    );
  }

  @Post('keys/:id/name')
  async renameKey(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session, form) => {
      const key = this.live(await this.accounts.listKeys(session.accountId), id);
      const name = field(form, 'name').slice(0, 100) || null;
      if (!(await renameKey(this.db, session.accountId, key.id, name)))
        throw new DomainError('not_found', 'You have no key with that id.');
      const notice = name
        ? `Key ${key.prefix} is now named “${name}”.`
        : `Key ${key.prefix} has no name now.`;
      return this.notice(session, notice);
    });
  }

  /** Sets a key's caps; a bad value shows the keys page again with what was wrong (400). */
  @Post('keys/:id/caps')
  async setCaps(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.keyAction(request, reply, id, async (session, form, key) => {
      const caps = {
        dailyCap: amount(form, 'daily_cap'),
        monthlyCap: amount(form, 'monthly_cap'),
        alertPercent: amount(form, 'alert_percent'),
      };
      await this.accounts.setSpendCaps(session.accountId, key.id, caps as SpendCaps);
      return this.notice(session, `Spend caps of key ${key.prefix} saved.`);
    });
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.view(request, reply, 'Revoke a key', async (session, account) => {
      const keys = await this.accounts.listKeys(account.id);
      const key = this.live(keys, id);
      const lastLive = isLastLiveKey(keys, key.id);
      return revokeView(key, session.csrf, { lastLive, signedInWith: key.id === session.keyId });
    });
  }

  /**
   * Revokes the key, unless it is the account's only live key (409, with the reason): that is
   * checked here again, under the account's lock, and not only by the confirmation page.
   */
  @Post('keys/:id/revoke')
  async revokeKey(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session) => {
      const outcome = await this.accounts.revokeAccountKey(session.accountId, this.uuid(id));
      if (outcome === 'not_found')
        throw new DomainError('not_found', 'You have no live key with that id.');
      const keys = await this.accounts.listKeys(session.accountId);
      const key = keys.find((k) => k.id === id) as ApiKeyInfo;
      if (outcome === 'last_live_key') {
        const account = await this.accounts.getAccount(session.accountId);
        const body = revokeView(key, session.csrf, { lastLive: true, signedInWith: false });
        return this.frame(session, account, 'Revoke a key', body, 409);
      }
      if (key.id !== session.keyId) return this.notice(session, `Key ${key.prefix} revoked.`);
      // The session ends with the key it signed in with: say so on the sign-in page.
      await this.sessions.signOut(request, reply, session);
      const notice = `Key ${key.prefix} revoked. You had signed in with it, so you are signed out: sign in with another live key.`;
      return { to: SIGN_IN, flash: { notice }, accountId: null };
    });
  }
}
