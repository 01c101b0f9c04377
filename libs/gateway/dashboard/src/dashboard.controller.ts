import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, RateLimits } from '@nl/gateway-access';
import { X402_CONFIG, type X402Settings } from '@nl/gateway-x402';
import { capAlerts } from './caps.views.js';
import { DashboardFlash } from './dashboard-flash.js';
import { DashboardPages, SIGN_IN, field } from './dashboard-pages.js';
import { DashboardSessions } from './dashboard-sessions.js';
import { redirect, sendHtml, withHeaders } from './dashboard.http.js';
import { html, page } from './html.js';
import { limitsView, overviewView, signInView, usageCsv, usageView, x402View } from './views.js';

/** Days of usage the usage page and its CSV show. */
export const USAGE_DAYS = 30;
/** Failed sign-ins per client address per minute. */
export const SIGN_IN_LIMIT = 10;

/**
 * The account dashboard, served by the gateway: server-rendered pages, forms that post back and
 * redirect (no client framework), a session per sign-in (DashboardSessions). Every action is
 * scoped to the session's account, so guessing another account's key ids finds nothing.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardController extends DashboardPages {
  constructor(
    sessions: DashboardSessions,
    accounts: AccountsService,
    flash: DashboardFlash,
    private readonly limits: RateLimits,
    @InjectConfig(X402_CONFIG) private readonly x402: X402Settings | null,
  ) {
    super(sessions, accounts, flash);
  }

  @Get()
  async home(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      await redirect(reply, session ? '/dashboard/overview' : SIGN_IN);
    });
  }

  @Get('sign-in')
  async signInPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.guarded(reply, async () => {
      if (await this.sessions.resolve(request, reply))
        return redirect(reply, '/dashboard/overview');
      const notice = (await this.flash.take(request, reply, null))?.notice;
      await sendHtml(reply, 200, page({ title: 'Sign in', notice, body: signInView() }));
    });
  }

  /**
   * Only failures count against the limit (guessing is what it is for), but once it is reached
   * every attempt from that address is refused until the window ends, the right key too: else
   * a guesser would learn from a 303 among the 429s that a guess was right. So each attempt is
   * counted first and given back if it signs in.
   */
  @Post('sign-in')
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.guarded(reply, async () => {
      this.sessions.checkOrigin(request);
      const subject = `dashboard-sign-in:${request.ip}`;
      const decision = await this.limits.consume(subject, SIGN_IN_LIMIT);
      if (!decision.allowed)
        throw new DomainError(
          'rate_limited',
          `Too many failed sign-ins from your address: try again in ${decision.resetSeconds} seconds.`,
          { retryAfterSeconds: decision.resetSeconds },
        );
      const session = await this.sessions.signIn(request, reply, field(this.form(request), 'key'));
      if (session) {
        await this.limits.refund(subject, SIGN_IN_LIMIT);
        return redirect(reply, '/dashboard/overview');
      }
      const message = 'That is not a live API key of an account here (test keys cannot sign in).';
      await sendHtml(reply, 401, page({ title: 'Sign in', body: signInView(message) }));
    });
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session) => {
      await this.sessions.signOut(request, reply, session);
      return { to: SIGN_IN, flash: { notice: 'You are signed out.' }, accountId: null };
    });
  }

  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session) => {
      const ended = await this.sessions.signOutEverywhere(request, reply, session);
      const notice = `You are signed out on every device (${ended} ${ended === 1 ? 'session' : 'sessions'} ended).`;
      return { to: SIGN_IN, flash: { notice }, accountId: null };
    });
  }

  @Get('overview')
  async overview(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Overview', async (session, account) => {
      const keys = await this.accounts.listKeys(account.id);
      const spend = await this.accounts.spendOf(keys.map((k) => k.id));
      const usage = await this.accounts.usage(account.id, 31);
      return html`${capAlerts(keys, spend)}${overviewView(account, usage, session.csrf)}`;
    });
  }

  @Get('usage')
  async usage(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Usage', async (_session, account) =>
      usageView(await this.accounts.usage(account.id, USAGE_DAYS), USAGE_DAYS),
    );
  }

  @Get('usage.csv')
  async usageCsv(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) return redirect(reply, SIGN_IN);
      const csv = usageCsv(await this.accounts.usage(session.accountId, USAGE_DAYS));
      await withHeaders(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="nl-data-api-usage.csv"')
        .send(csv);
    });
  }

  @Get('limits')
  async limitsPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Limits and prices', async (_s, account) =>
      limitsView(account),
    );
  }

  @Get('x402')
  async x402Page(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Pay per request (x402)', async () => x402View(this.x402));
  }
}
