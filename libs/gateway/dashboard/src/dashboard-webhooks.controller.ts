import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AccountsService } from '@nl/gateway-access';
import {
  checkRegisteredUrl,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOKS_CONFIG,
  WebhookEndpoints,
  WebhookOutbox,
  type WebhookSettings,
} from '@nl/gateway-webhooks';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DashboardFlash } from './dashboard-flash.js';
import { DashboardPages, field, type Next } from './dashboard-pages.js';
import { DashboardSessions, type Session } from './dashboard-sessions.js';
import type { Html } from './html.js';
import { newSecretView, secretShownView, webhooksView } from './webhooks.views.js';

const WEBHOOKS = '/dashboard/webhooks';
const NEW_SECRET = '/dashboard/webhooks/secret';

/**
 * The webhooks page and its forms: the URL, rotating the signing secret (shown once, on the
 * page after the redirect, as a new key is) and resending a delivery. Everything is scoped to
 * the session's account; forms answer with a redirect (post/redirect/get).
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardWebhooksController extends DashboardPages {
  constructor(
    sessions: DashboardSessions,
    accounts: AccountsService,
    flash: DashboardFlash,
    private readonly endpoints: WebhookEndpoints,
    private readonly outbox: WebhookOutbox,
    @InjectConfig(WEBHOOKS_CONFIG) private readonly settings: WebhookSettings,
  ) {
    super(sessions, accounts, flash);
  }

  @Get('webhooks')
  async webhooks(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Webhooks', async (session) =>
      this.page(session.accountId, session.csrf),
    );
  }

  /** Saves the URL (empty clears it); a refused one shows the page again with why (400). */
  @Post('webhooks/url')
  async setUrl(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session, form) => {
      const url = field(form, 'url').slice(0, MAX_WEBHOOK_URL_LENGTH + 1) || null;
      try {
        if (url !== null && url.length > MAX_WEBHOOK_URL_LENGTH)
          throw DomainError.validation([{ field: 'url', message: 'The URL is too long.' }]);
        if (url !== null) await checkRegisteredUrl(url, this.settings);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'validation_failed') throw error;
        const account = await this.accounts.getAccount(session.accountId);
        const body = await this.page(session.accountId, session.csrf, error.message);
        return this.frame(session, account, 'Webhooks', body, 400);
      }
      await this.endpoints.setUrl(session.accountId, url);
      return this.notice(session, url ? `Events now go to ${url}.` : 'No events are sent now.');
    });
  }

  /** Rotates the secret; the new one waits, encrypted, for the one page after the redirect. */
  @Post('webhooks/secret')
  async rotate(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session) => {
      const { secret } = await this.endpoints.rotate(session.accountId);
      return { to: NEW_SECRET, flash: { webhookSecret: secret }, accountId: session.accountId };
    });
  }

  @Get('webhooks/secret')
  async newSecret(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Your new signing secret', async (_session, _account, flash) =>
      flash?.webhookSecret ? newSecretView(flash.webhookSecret) : secretShownView(),
    );
  }

  @Post('webhooks/deliveries/:id/resend')
  async resend(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session) => {
      if (!(await this.outbox.resend(session.accountId, id)))
        throw new DomainError('not_found', 'You have no webhook delivery with that id.');
      return this.notice(session, `Delivery ${id} is queued again.`);
    });
  }

  private notice(session: Session, notice: string): Next {
    return { to: WEBHOOKS, flash: { notice }, accountId: session.accountId };
  }

  private async page(accountId: string, csrf: string, problem?: string): Promise<Html> {
    const [settings, log] = await Promise.all([
      this.endpoints.settings(accountId),
      this.outbox.log(accountId),
    ]);
    return webhooksView(settings, log, csrf, problem);
  }
}
