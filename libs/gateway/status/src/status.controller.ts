import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { StatusService } from './status.service.js';

/**
 * The public status of this deployment, free and without a key: `/status.json` (the figures)
 * and `/status` (the page). Nothing of any account is in either.
 */
@ApiExcludeController()
@Controller()
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @Get('status.json')
  async json(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.status.current();
    await reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(report));
  }
}
