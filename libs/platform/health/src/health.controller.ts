import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthRegistry } from './health.registry.js';
import { metricsRegistry } from './metrics.js';

/**
 * Probes and metrics of every app: `/health/live` (503 only when a restart is the cure),
 * `/health/ready` (503 while a critical dependency is down; `degraded` but 200 while only an
 * optional one, such as the cache, is), `/metrics`.
 */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health/live')
  async live(@Res() reply: FastifyReply) {
    const result = await this.health.checkLiveness();
    await reply.code(result.status === 'error' ? 503 : 200).send(result);
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply) {
    const result = await this.health.check();
    await reply.code(result.status === 'error' ? 503 : 200).send(result);
  }

  @Get('metrics')
  async metrics(@Res() reply: FastifyReply) {
    await reply
      .header('content-type', metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  }
}
