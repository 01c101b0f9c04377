import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccountsService,
  authenticate,
  enforceRateLimit,
  RateLimits,
  type KeyOwner,
} from '@nl/gateway-access';
import { ApiErrorResponses, BATCHES_TAG } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resultFormat, resultStream } from './batch-results.js';
import { BatchStore } from './batch-store.js';
import { MAX_BATCH_UPLOAD_BYTES, mediaTypeOf, readUpload } from './batch-upload.js';
import { BatchJobView, BatchListView } from './batch-views.js';
import { BatchesService } from './batches.service.js';

/** Calls per key per minute to the batch operations (free; the items are what is charged). */
export const BATCH_LIMITS = {
  submit: { id: 'batches.create', path: '/v1/batches', limit: 10 },
  read: { id: 'batches.read', path: '/v1/batches', limit: 120 },
} as const;

const TRAITS = { method: 'GET', metered: false, x402: false } as const;

/** Marks the upload route: its body may be large, and NDJSON or CSV (BatchUploads). */
export const BATCH_UPLOAD_ROUTE = { maxBodyBytes: MAX_BATCH_UPLOAD_BYTES, batchUpload: true };

@ApiTags(BATCHES_TAG)
@ApiErrorResponses(TRAITS)
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
    const owner = await authenticate(this.accounts, request, reply);
    await enforceRateLimit(this.limits, reply, owner, limit);
    return owner;
  }

  @Post()
  @HttpCode(202)
  @RouteConfig(BATCH_UPLOAD_ROUTE)
  @ApiOperation({
    operationId: 'batches.create',
    summary: 'Start a batch job',
    description:
      'Calls one priced endpoint once per item, on a queue, at the upstreams’ pace. JSON `{"endpoint", "items", "webhook_url"}`, or the items as NDJSON (one object per line) or CSV (a header row of parameter names) with `endpoint` and `webhook_url` in the query. Up to 100,000 items (per tier: Free 100, Trial 1,000, Paid 25,000, Premium 100,000). Every item is checked first (400 lists the wrong items by number, from 1); then every item’s fresh price is reserved (402 when the balance or a spend cap does not cover all of them); each item is charged as its single call would be, and what was not charged is released. Free of charge itself; at most 10 jobs per minute per key.',
  })
  @ApiConsumes('application/json', 'application/x-ndjson', 'text/csv')
  @ApiQuery({
    name: 'endpoint',
    required: false,
    description: 'NDJSON and CSV uploads: the catalog id or path every item calls.',
  })
  @ApiQuery({
    name: 'webhook_url',
    required: false,
    description: 'NDJSON and CSV uploads: where `batch.completed` or `batch.failed` is sent.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['endpoint', 'items'],
      properties: {
        endpoint: { type: 'string', example: 'validation.vat.check' },
        items: {
          type: 'array',
          maxItems: 100_000,
          items: { type: 'object', additionalProperties: true },
          example: [{ vat_number: 'NL004495445B01' }],
        },
        webhook_url: {
          type: 'string',
          format: 'uri',
          example: 'https://example.com/hooks/nl-data-api',
        },
      },
    },
  })
  @ApiResponse({
    status: 202,
    description: 'The job was taken; `Location` is its URL.',
    type: BatchJobView,
  })
  async create(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.submit);
    const upload = readUpload(
      mediaTypeOf(request.headers['content-type']),
      request.body,
      request.query as Record<string, unknown>,
    );
    const job = await this.batches.submit(owner, upload);
    void reply.header('location', `/v1/batches/${job.id}`);
    void reply.header('cache-control', 'no-store');
    return job;
  }

  @Get()
  @ApiOperation({
    operationId: 'batches.list',
    summary: 'Your batch jobs',
    description: 'Newest first, `limit` (1–100, default 20) per page; `before` pages back.',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  })
  @ApiQuery({ name: 'before', required: false, schema: { type: 'string', format: 'date-time' } })
  @ApiResponse({ status: 200, type: BatchListView, description: 'A page of your jobs.' })
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('limit') limit?: string,
    @Query('before') before?: string,
  ): Promise<BatchListView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    const size = limit === undefined ? 20 : Number(limit);
    const errors = [];
    if (!Number.isInteger(size) || size < 1 || size > 100)
      errors.push({ field: 'limit', message: 'limit must be an integer from 1 to 100' });
    const from = before === undefined ? undefined : new Date(before);
    if (from && Number.isNaN(from.getTime()))
      errors.push({ field: 'before', message: 'before must be a date-time' });
    if (errors.length) throw DomainError.validation(errors);
    void reply.header('cache-control', 'no-store');
    return this.batches.list(owner, size, from);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'batches.get',
    summary: 'A batch job',
    description:
      'State, item counts, credits reserved, held and charged, and the expected time left.',
  })
  @ApiParam({ name: 'id', example: 'bat-3f9c2a61d4e84b0c9a7e5d21' })
  @ApiResponse({ status: 200, type: BatchJobView, description: 'The job.' })
  async get(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    void reply.header('cache-control', 'no-store');
    return this.batches.status(owner, id);
  }

  @Get(':id/results')
  @ApiOperation({
    operationId: 'batches.results',
    summary: 'A batch job’s results',
    description:
      'One line per item, in item order, streamed: its number, input, state, HTTP status, charge, cache state and source, and the answer (`data`) or the error body the single call would have got (`error`). NDJSON, or CSV when `Accept: text/csv` (input, data and error as JSON text). Pending items are listed as pending; read again once the job has ended.',
  })
  @ApiParam({ name: 'id', example: 'bat-3f9c2a61d4e84b0c9a7e5d21' })
  @ApiProduces('application/x-ndjson', 'text/csv')
  @ApiResponse({
    status: 200,
    description: 'The results, one item per line.',
    content: {
      'application/x-ndjson': { schema: { type: 'string' } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  async results(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<void> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.read);
    const job = await this.batches.owned(owner, id);
    const format = resultFormat(request.headers.accept);
    await reply
      .code(200)
      .header('cache-control', 'no-store')
      .header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      )
      .header(
        'content-disposition',
        `attachment; filename="${job.id}.${format === 'csv' ? 'csv' : 'ndjson'}"`,
      )
      .send(resultStream(this.store, job.id, format));
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'batches.cancel',
    summary: 'Cancel a batch job',
    description:
      'Pending items are not worked on and not charged; their reservations are released. A job that has ended is shown as it is.',
  })
  @ApiParam({ name: 'id', example: 'bat-3f9c2a61d4e84b0c9a7e5d21' })
  @ApiResponse({
    status: 200,
    type: BatchJobView,
    description: 'The job, cancelled (or as it ended).',
  })
  async cancel(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<BatchJobView> {
    const owner = await this.caller(request, reply, BATCH_LIMITS.submit);
    void reply.header('cache-control', 'no-store');
    return this.batches.cancel(owner, id);
  }
}
