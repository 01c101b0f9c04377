import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AccountsService, type Account } from '../accounts/accounts.service.js';
import { renameKey } from '../accounts/key-lookup.js';
import { RateLimits } from '../limits/rate-limits.js';
import { X402_CONFIG, type X402Settings } from '../x402/x402.config.js';
import { DashboardSessions, type Session } from './dashboard-sessions.js';
import { redirect, sendErrorPage, sendHtml, withHeaders } from './dashboard.http.js';
import { page, type Html } from './html.js';
import { createdKeyView, keysView, revokeView } from './keys.views.js';
import { limitsView, overviewView, signInView, usageCsv, usageView, x402View } from './views.js';

/** Days of usage the usage page and its CSV show. */
export const USAGE_DAYS = 30;
/** Failed sign-ins per client address per minute. */
export const SIGN_IN_LIMIT = 10;

const SIGN_IN = '/dashboard/sign-in';

type Form = Record<string, unknown>;
const field = (form: Form, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';

/**
 * The account dashboard, served by the gateway: server-rendered pages, forms that post back and
 * redirect (no client framework), a session per sign-in (DashboardSessions). Every action is
 * scoped to the session's account, so guessing another account's key ids finds nothing.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly sessions: DashboardSessions,
    private readonly accounts: AccountsService,
    private readonly limits: RateLimits,
    private readonly db: DataSource,
    @InjectConfig(X402_CONFIG) private readonly x402: X402Settings | null,
  ) {}

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
      await sendHtml(reply, 200, page({ title: 'Sign in', body: signInView() }));
    });
  }

  @Post('sign-in')
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.guarded(reply, async () => {
      this.sessions.checkOrigin(request);
      const session = await this.sessions.signIn(request, reply, field(this.form(request), 'key'));
      if (session) return redirect(reply, '/dashboard/overview');
      // Only failures count: guessing is what the limit is for.
      const decision = await this.limits.consume(`dashboard-sign-in:${request.ip}`, SIGN_IN_LIMIT);
      if (!decision.allowed)
        throw new DomainError('rate_limited', 'Too many failed sign-ins; wait a minute.', {
          retryAfterSeconds: decision.resetSeconds,
        });
      const message = 'That is not a live API key of an account here (test keys cannot sign in).';
      await sendHtml(reply, 401, page({ title: 'Sign in', body: signInView(message) }));
    });
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session) => {
      await this.sessions.signOut(request, reply, session);
      return SIGN_IN;
    });
  }

  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session) => {
      await this.sessions.signOutEverywhere(request, reply, session);
      return SIGN_IN;
    });
  }

  @Get('overview')
  async overview(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Overview', async (session, account) =>
      overviewView(account, await this.accounts.usage(account.id, 31), session.csrf),
    );
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

  @Get('keys')
  async keys(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'API keys', async (session, account) =>
      keysView(await this.accounts.listKeys(account.id), session.csrf),
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

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.view(request, reply, 'Revoke a key', async (session, account) => {
      const key = (await this.accounts.listKeys(account.id)).find(
        (k) => k.id === id && k.revokedAt === null,
      );
      if (!key) throw new DomainError('not_found', 'You have no live key with that id.');
      return revokeView(key, session.csrf);
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

  /** A page behind sign-in: no session (or a forged or expired one) goes to the sign-in page. */
  private async view(
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    build: (session: Session, account: Account) => Promise<Html>,
  ): Promise<void> {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) return redirect(reply, SIGN_IN);
      const account = await this.accounts.getAccount(session.accountId);
      const body = await build(session, account);
      await this.frame(session, account, title, body)(reply, request);
    });
  }

  /**
   * A form post: without a session it goes to sign-in; with one it must carry the session's
   * CSRF token and come from this site (else 403). The action answers a page, or a path to
   * redirect to (303, so a reload does not post again).
   */
  private async action(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (session: Session, form: Form) => Promise<string | Responder>,
  ): Promise<void> {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) {
        this.sessions.checkOrigin(request);
        return redirect(reply, SIGN_IN);
      }
      this.sessions.checkForm(request, session);
      const outcome = await run(session, this.form(request));
      if (typeof outcome === 'string') return redirect(reply, outcome);
      await outcome(reply, request);
    });
  }

  private frame(
    session: Session,
    account: Account,
    title: string,
    body: Html,
    status = 200,
  ): Responder {
    return (reply, request) =>
      sendHtml(
        reply,
        status,
        page({
          title,
          current: request.url.split('?')[0],
          csrf: session.csrf,
          accountName: account.name,
          body,
        }),
      );
  }

  private form(request: FastifyRequest): Form {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Form) : {};
  }

  private uuid(id: string): string {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new DomainError('not_found', 'You have no key with that id.');
    return id;
  }

  private async guarded(reply: FastifyReply, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!reply.sent) await sendErrorPage(reply, error);
    }
  }
}

type Responder = (reply: FastifyReply, request: FastifyRequest) => Promise<void>;
