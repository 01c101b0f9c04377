import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyInfo } from '@nl/gateway-access';
import { capsSection } from './caps.views.js';
import { DashboardPages, type Form, type Next, type Responder } from './dashboard-pages.js';
import type { Session } from './dashboard-sessions.js';
import { html, type Html } from './html.js';
import { keysView } from './keys.views.js';
import { termsSection } from './key-terms.views.js';

export const KEYS = '/dashboard/keys';
export const CREATED = '/dashboard/keys/created';

/** What the keys page's controllers share: the page itself, a key of the account, the notice. */
export abstract class DashboardKeyPages extends DashboardPages {
  protected notice(session: Session, notice: string): Next {
    return { to: KEYS, flash: { notice }, accountId: session.accountId };
  }

  protected async keysPage(accountId: string, csrf: string, problem?: string): Promise<Html> {
    const keys = await this.accounts.listKeys(accountId);
    const spend = await this.accounts.spendOf(keys.map((k) => k.id));
    return html`${problem && html`<p class="error" role="alert">${problem}</p>`}${keysView(keys, csrf)}${capsSection(keys, spend, csrf)}${termsSection(keys, csrf)}`;
  }

  /** A live key of the account, else 404 (ids of other accounts' keys find nothing). */
  protected live(keys: readonly ApiKeyInfo[], id: string): ApiKeyInfo {
    const key = keys.find((k) => k.id === id && k.revokedAt === null);
    if (!key) throw new DomainError('not_found', 'You have no live key with that id.');
    return key;
  }

  /**
   * A form post on one live key of the session's account (else 404); a value the change
   * refuses (`validation_failed`) shows the keys page again with what was wrong, as a 400, and
   * nothing changed.
   */
  protected async keyAction(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    change: (session: Session, form: Form, key: ApiKeyInfo) => Promise<Next>,
  ): Promise<void> {
    await this.action(request, reply, async (session, form) => {
      const key = this.live(await this.accounts.listKeys(session.accountId), id);
      try {
        return await change(session, form, key);
      } catch (error) {
        return this.refusedForm(session, error, key.prefix);
      }
    });
  }

  /** The keys page again, 400, with what `validation_failed` found (other errors: rethrown). */
  protected async refusedForm(session: Session, error: unknown, label: string): Promise<Responder> {
    if (!(error instanceof DomainError) || error.code !== 'validation_failed') throw error;
    const problems = (error.extra.errors ?? []).map((e) => e.message).join(' ');
    const account = await this.accounts.getAccount(session.accountId);
    const shown = `${label}: ${problems || error.message}`;
    const body = await this.keysPage(account.id, session.csrf, shown);
    return this.frame(session, account, 'API keys', body, 400);
  }
}
