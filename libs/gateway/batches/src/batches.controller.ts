import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AccountsService, accountCaller, RateLimits, type KeyOwner } from '@nl/gateway-access';
import {
  ApiErrorResponses,
  ApiSuccessResponse,
  BATCHES_TAG,
  type OperationTraits,
} from '@nl/gateway-core';
import { validateInput } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BatchListQuery, DATE_TIME, refuseQuery, UploadQuery } from './batch-queries.js';
import { resultFormat, resultStream } from './batch-results.js';
import { BatchStore } from './batch-store.js';
import { MAX_BATCH_UPLOAD_BYTES, mediaTypeOf, readUpload } from './batch-upload.js';
import { BatchJobView, BatchListView } from './batch-views.js';
import { BatchesService, JOB_ID_PATTERN } from './batches.service.js';
import { BatchRequestBody, CREATE_DESCRIPTION, RESULTS_DESCRIPTION } from './batches.docs.js';

/** Calls per key per minute to the batch operations (free; the items are what is charged). */
export const BATCH_LIMITS = {
  submit: { id: 'batches.create', path: '/v1/batches', limit: 10 },
  read: { id: 'batches.read', path: '/v1/batches', limit: 120 },
} as const;

const NOT_FOUND = { status: 404, description: 'No job with this id belongs to your account.' };

const READ: OperationTraits = { method: 'GET', metered: false, x402: false };
const ONE_JOB: OperationTraits = { ...READ, errorResponses: [NOT_FOUND] };
const CREATE: OperationTraits = {
  method: 'POST',
  metered: false,
  x402: false,
  errorResponses: [
    {
      status: 402,
      description:
        'The balance, or a spend cap of the key, does not cover every item at its fresh price (`insufficient_credits`, `spend_cap_reached`). Nothing was reserved.',
    },
    {
      status: 403,
      description:
        'Your tier may not call the endpoint, or the job has more items than your tier allows (`forbidden`, with `limit`).',
    },
    { status: 413, description: 'The upload is over 32 MB (`payload_too_large`).' },
    { status: 415, description: 'Not JSON, NDJSON or CSV (`unsupported_media_type`).' },
  ],
};

/** Marks the upload route: its body may be large, and NDJSON or CSV (configureBatchUploads). */
export const BATCH_UPLOAD_ROUTE = { maxBodyBytes: MAX_BATCH_UPLOAD_BYTES, batchUpload: true };

/** The job id in the paths. */
const JOB_ID = {
  name: 'id',
  description: 'The job’s id, as `POST /v1/batches` answered it.',
  schema: {
    type: 'string',
    pattern: JOB_ID_PATTERN.source,
    example: 'bat-3f9c2a61d4e84b0c9a7e5d21',
  },
} as const;

/** The results as files: one line per item. */
const RESULT_FILES = {
  'application/x-ndjson': { schema: { type: 'string', description: 'One JSON object per line.' } },
  'text/csv': { schema: { type: 'string', description: 'A header row, then one row per item.' } },
};

@ApiTags(BATCHES_TAG)
@Controller('v1/batches')
export class BatchesController {
  constructor(
    private readonly batches: BatchesService,
    private readonly store: BatchStore,
    private readonly accounts: AccountsService,
    private readonly limits: RateLimits,
  ) {}

  private async caller(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: (typeof BATCH_LIMITS)[keyof typeof BATCH_LIMITS],
  ): Promise<KeyOwner> {
    const owner = await accountCaller(this.accounts, this.limits, request, reply, limit);
    void reply.header('cache-control', 'no-store');
    return owner;
  }

  @Post()
  @HttpCode(202)
  @RouteConfig(BATCH_UPLOAD_ROUTE)
  @ApiOperation({
    operationId: 'batches.create',
    summary: 'Start a batch job',
    description: CREATE_DESCRIPTION,
  })
  @ApiConsumes('application/json', 'application/x-ndjson', 'text/csv')
  @ApiQuery({
    name: 'endpoint',
    required: false,
    description: 'NDJSON and CSV uploads: the catalog id or path every item calls.',
    schema: { type: 'string', example: 'validation.vat.check' },
  })
  @ApiQuery({
    name: 'webhook_url',
    required: false,
    description: 'NDJSON and CSV uploads: where `batch.completed` or `batch.failed` is sent.',
    schema: { type: 'string', format: 'uri', example: 'https://example.com/hooks/nl-data-api' },
  })
  @ApiBody({ type: BatchRequestBody })
  @ApiErrorResponses(CREATE)
  @ApiSuccessResponse(CREATE, BatchJobView, 'The job was taken; `Location` is its URL.', 202)
  async create(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.submit);
    const mediaType = mediaTypeOf(request.headers['content-type']);
    const query = validateInput(UploadQuery, request.query ?? {});
    const job = await this.batches.submit(owner, readUpload(mediaType, request.body, { ...query }));
    void reply.header('location', `/v1/batches/${job.id}`);
    return job;
  }

  @Get()
  @ApiOperation({
    operationId: 'batches.list',
    summary: 'Your batch jobs',
    description:
      'Newest first, `limit` per page; `before` pages back. Free; at most 120 calls per minute per key to the batch reads.',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    description: 'Jobs per page: 1 to 100, default 20.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20, example: 20 },
  })
  @ApiQuery({
    name: 'before',
    required: false,
    description: 'Only jobs made before this time: the `next_before` of the page before.',
    schema: {
      type: 'string',
      format: 'date-time',
      pattern: DATE_TIME.source,
      example: '2026-11-28T12:00:00.000Z',
    },
  })
  @ApiErrorResponses(READ)
  @ApiSuccessResponse(READ, BatchListView, 'A page of your jobs.')
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchListView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    const query = validateInput(BatchListQuery, request.query ?? {});
    return this.batches.list(owner, query.limit, query.before ? new Date(query.before) : undefined);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'batches.get',
    summary: 'A batch job',
    description:
      'State, item counts, credits reserved, held and charged, and the expected time left.',
  })
  @ApiParam(JOB_ID)
  @ApiErrorResponses(ONE_JOB)
  @ApiSuccessResponse(ONE_JOB, BatchJobView, 'The job.')
  async get(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    refuseQuery(request.query);
    return this.batches.status(owner, id);
  }

  @Get(':id/results')
  @ApiOperation({
    operationId: 'batches.results',
    summary: 'A batch job’s results',
    description: RESULTS_DESCRIPTION,
  })
  @ApiParam(JOB_ID)
  @ApiErrorResponses(ONE_JOB)
  @ApiSuccessResponse(
    ONE_JOB,
    undefined,
    'The results, one item per line (NDJSON, or CSV for `Accept: text/csv`).',
    200,
    RESULT_FILES,
  )
  async results(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<void> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    refuseQuery(request.query);
    const job = await this.batches.owned(owner, id);
    const format = resultFormat(request.headers.accept);
    await reply
      .code(200)
      .header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      )
      .header('content-disposition', `attachment; filename="${job.id}.${format}"`)
      .send(resultStream(this.store, job.id, format));
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'batches.cancel',
    summary: 'Cancel a batch job',
    description:
      'Pending items are not worked on and not charged; their reservations are released. A job that has ended is shown as it ended.',
  })
  @ApiParam(JOB_ID)
  @ApiErrorResponses({ ...ONE_JOB, method: 'POST' })
  @ApiSuccessResponse(ONE_JOB, BatchJobView, 'The job, cancelled (or as it ended).')
  async cancel(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.submit);
    return this.batches.cancel(owner, id);
  }
}
