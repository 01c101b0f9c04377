import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthRegistry } from './health.registry.js';
import { metricsRegistry } from './metrics.js';

/** Probes and metrics of every app: `/health/live`, `/health/ready`, `/metrics`. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply) {
    const result = await this.health.check();
    await reply.code(result.status === 'ok' ? 200 : 503).send(result);
  }

  @Get('metrics')
  async metrics(@Res() reply: FastifyReply) {
    await reply
      .header('content-type', metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  }
}
