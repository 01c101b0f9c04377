import { DomainError } from '@nl/platform-errors';
import { isUUID } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountsService } from '@nl/gateway-access';
import type { DashboardFlash, Flash } from './dashboard-flash.js';
import type { DashboardSessions, Session } from './dashboard-sessions.js';
import { redirect, sendErrorPage, sendHtml } from './dashboard.http.js';
import { page, type Html } from './html.js';

export const SIGN_IN = '/dashboard/sign-in';

export type Form = Record<string, unknown>;
export const field = (form: Form, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';

export type Responder = (reply: FastifyReply, request: FastifyRequest) => Promise<void>;

/** After a form post: the page to redirect to and what it shows once. */
export interface Next {
  readonly to: string;
  readonly flash: Flash;
  /** Whose page may show it: the session's account, or null for the sign-in page. */
  readonly accountId: string | null;
}

/**
 * What every dashboard page and form shares: the session check (no session, or a forged or
 * expired one, goes to sign-in), the CSRF check on posts, the page frame, and errors as pages.
 */
export abstract class DashboardPages {
  constructor(
    protected readonly sessions: DashboardSessions,
    protected readonly accounts: AccountsService,
    protected readonly flash: DashboardFlash,
  ) {}

  /** A page of the signed-in account, with the notice a form post left for it. */
  protected async view(
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    build: (session: Session, account: Account, flash: Flash | null) => Promise<Html>,
  ): Promise<void> {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) return redirect(reply, SIGN_IN);
      const flash = await this.flash.take(request, reply, session.accountId);
      const account = await this.accounts.getAccount(session.accountId);
      const body = await build(session, account, flash);
      await this.frame(session, account, title, body, 200, flash?.notice)(reply, request);
    });
  }

  /**
   * A form post: without a session it goes to sign-in; with one it must carry the session's
   * CSRF token and come from this site (else 403). The action answers a page (a form to
   * correct), or where to redirect to (303, so a reload does not post again) with what to
   * show there once.
   */
  protected async action(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (session: Session, form: Form) => Promise<Next | Responder>,
  ): Promise<void> {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) {
        this.sessions.checkOrigin(request);
        return redirect(reply, SIGN_IN);
      }
      this.sessions.checkForm(request, session);
      const outcome = await run(session, this.form(request));
      if (typeof outcome === 'function') return outcome(reply, request);
      await this.flash.leave(request, reply, outcome.accountId, outcome.flash);
      await redirect(reply, outcome.to);
    });
  }

  protected frame(
    session: Session,
    account: Account,
    title: string,
    body: Html,
    status = 200,
    notice?: string,
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
          notice,
          body,
        }),
      );
  }

  protected form(request: FastifyRequest): Form {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Form) : {};
  }

  protected uuid(id: string): string {
    if (!isUUID(id)) throw new DomainError('not_found', 'You have no key with that id.');
    return id;
  }

  protected async guarded(reply: FastifyReply, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!reply.sent) await sendErrorPage(reply, error);
    }
  }
}
