import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OpsEndpoints } from './ops-endpoints.js';

/**
 * Probes and metrics of every app on its public port: `/health/live` (503 only when a restart
 * is the cure), `/health/ready` (503 while a critical dependency is down; `degraded` but 200
 * while only an optional one, such as the cache, is), `/metrics`. What each shows there, and
 * what moves to the `METRICS_PORT` listener, is {@link OpsEndpoints}'s rule.
 */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly ops: OpsEndpoints) {}

  @Get(['health/live', 'health/ready', 'metrics'])
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const path = request.routeOptions.url ?? '';
    const answer = await this.ops.answer(path, 'public', request.headers.authorization);
    if (!answer) return reply.callNotFound();
    await reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
}
