import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, overlapOf } from '@nl/gateway-access';
import { DashboardFlash } from './dashboard-flash.js';
import { CREATED, DashboardKeyPages } from './dashboard-key-pages.js';
import { field } from './dashboard-pages.js';
import { DashboardSessions } from './dashboard-sessions.js';
import { formTerms, rollView } from './key-terms.views.js';

/**
 * The keys page's roll (a new secret, the current one working for an overlap) and its expiry
 * and scopes form. Like the other key forms: the key is looked up among the session's
 * account's live keys, and a done change redirects.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardKeyRollController extends DashboardKeyPages {
  constructor(sessions: DashboardSessions, accounts: AccountsService, flash: DashboardFlash) {
    super(sessions, accounts, flash);
  }

  @Get('keys/:id/roll')
  async confirmRoll(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.view(request, reply, 'Roll a key', async (session, account) =>
      rollView(this.live(await this.accounts.listKeys(account.id), id), session.csrf),
    );
  }

  /**
   * Rolls the key; its new secret waits, encrypted, for the one page after the redirect. The
   * session stays: it belongs to the key, whose id does not change.
   */
  @Post('keys/:id/roll')
  async rollKey(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.keyAction(request, reply, id, async (session, form, key) => {
      const overlap = overlapOf(field(form, 'overlap_seconds'));
      const rolled = await this.accounts.rollKey(session.accountId, key.id, overlap);
      if (!rolled) throw new DomainError('not_found', 'You have no live key with that id.');
      const { info } = rolled;
      const created = {
        id: info.id,
        prefix: info.prefix,
        name: info.name,
        mode: info.mode,
        secret: rolled.key,
        replaced: { prefix: key.prefix, until: info.previous?.until ?? null },
      };
      return { to: CREATED, flash: { created }, accountId: session.accountId };
    });
  }

  /** Sets a key's expiry and scopes; a bad expiry shows the keys page again with why (400). */
  @Post('keys/:id/terms')
  async setTerms(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.keyAction(request, reply, id, async (session, form, key) => {
      const { expiresAt, scopes } = formTerms(form);
      await this.accounts.setExpiry(session.accountId, key.id, expiresAt ?? null);
      await this.accounts.setScopes(session.accountId, key.id, scopes ?? null);
      return this.notice(session, `Expiry and scopes of key ${key.prefix} saved.`);
    });
  }
}
