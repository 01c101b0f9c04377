import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';
import { AccountsService, type KeyOwner } from '@nl/gateway-access';
import {
  BatchesService,
  BatchStore,
  batchableEndpoints,
  CSV_TYPE,
  readUpload,
  resultStream,
  type BatchJobView,
} from '@nl/gateway-batches';
import { GATEWAY_CATALOG } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusalOf } from './batch-refusals.js';
import { batchesView } from './batches.views.js';
import { DashboardFlash, type Flash } from './dashboard-flash.js';
import { UPLOAD_PATH } from './dashboard-forms.js';
import { DashboardPages, SIGN_IN, field, type Next } from './dashboard-pages.js';
import { DashboardSessions, type Session } from './dashboard-sessions.js';
import { redirect, withHeaders } from './dashboard.http.js';

/** How many of the account's jobs the page lists, newest first. */
export const JOBS_SHOWN = 20;

const ENDED = new Set(['completed', 'failed', 'cancelled']);

const ended = (job: BatchJobView) => `Job ${job.id} had already ended (${job.state}).`;

/** What a cancel did, in words (a job may end while it is being cancelled). */
function cancelled(job: BatchJobView): string {
  if (job.state !== 'cancelled') return ended(job);
  const { cancelled: items } = job.items;
  return `Job ${job.id} is cancelled: ${items} pending ${items === 1 ? 'item was' : 'items were'} not worked on and not charged.`;
}

/**
 * The batches page: the account's jobs, starting one from a CSV file, cancelling one, and its
 * results as CSV. Jobs are taken through BatchesService as the session's key (its account's
 * tier, its spend cap), so the page refuses what `POST /v1/batches` refuses, and says why.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardBatchesController extends DashboardPages {
  constructor(
    sessions: DashboardSessions,
    accounts: AccountsService,
    flash: DashboardFlash,
    private readonly batches: BatchesService,
    private readonly store: BatchStore,
    @Inject(GATEWAY_CATALOG) private readonly catalog: readonly EndpointDefinition[],
  ) {
    super(sessions, accounts, flash);
  }

  @Get('batches')
  async batchesPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.view(request, reply, 'Batches', async (session, _account, flash) => {
      const owner = await this.owner(session);
      const { batches } = await this.batches.list(owner, JOBS_SHOWN);
      const endpoints = batchableEndpoints(this.catalog, owner);
      return batchesView(batches, endpoints, session.csrf, flash?.problem);
    });
  }

  /** Starts a job from the form's CSV file; a refusal goes back to the page with its reason. */
  @Post('batches')
  async start(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.action(request, reply, async (session, form) => {
      const owner = await this.owner(session);
      const endpoint = field(form, 'endpoint');
      const text = typeof form['items'] === 'string' ? form['items'] : '';
      let items = 0;
      try {
        const upload = readUpload(CSV_TYPE, text, {
          endpoint,
          webhook_url: field(form, 'webhook_url'),
        });
        items = upload.items.length;
        const job = await this.batches.submit(owner, upload);
        const { total } = job.items;
        const reserved = job.credits.reserved.toFixed(2);
        return this.back(session, {
          notice: `Job ${job.id} started: ${total} ${total === 1 ? 'item' : 'items'}, ${reserved} credits reserved.`,
        });
      } catch (error) {
        if (!(error instanceof DomainError) || error.code === 'internal') throw error;
        const price = this.catalog.find((e) => e.id === endpoint)?.price.fresh ?? 0;
        const problem = await refusalOf(error, {
          items,
          pricePerItem: price,
          balance: () => this.accounts.balance(owner.accountId),
        });
        return this.back(session, { problem });
      }
    });
  }

  @Post('batches/:id/cancel')
  async cancel(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.action(request, reply, async (session) => {
      const owner = await this.owner(session);
      const before = await this.batches.status(owner, id);
      if (ENDED.has(before.state)) return this.back(session, { notice: ended(before) });
      return this.back(session, { notice: cancelled(await this.batches.cancel(owner, id)) });
    });
  }

  /** The results as the API's CSV, streamed while the browser reads them. */
  @Get('batches/:id/results.csv')
  async results(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ) {
    await this.guarded(reply, async () => {
      const session = await this.sessions.resolve(request, reply);
      if (!session) return redirect(reply, SIGN_IN);
      const job = await this.batches.owned(await this.owner(session), id);
      await withHeaders(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${job.id}.csv"`)
        .send(resultStream(this.store, job.id, 'csv'));
    });
  }

  /**
   * The session's key as a caller of the batch API: the account's tier and subscriptions, and
   * whether the key has a spend cap (a job's reservation counts against it). Sessions are
   * opened with live keys only.
   */
  private async owner(session: Session): Promise<KeyOwner> {
    const [account, keys] = await Promise.all([
      this.accounts.getAccount(session.accountId),
      this.accounts.listKeys(session.accountId),
    ]);
    const key = keys.find((k) => k.id === session.keyId);
    return {
      keyId: session.keyId,
      accountId: account.id,
      tier: account.tier,
      subscriptions: account.subscriptions,
      sandbox: false,
      capped: key !== undefined && (key.dailyCap !== null || key.monthlyCap !== null),
    };
  }

  private back(session: Session, flash: Flash): Next {
    return { to: UPLOAD_PATH, flash, accountId: session.accountId };
  }
}
