import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DASHBOARD_HEADERS } from '@nl/gateway-dashboard';
import type { FastifyReply } from 'fastify';
import { statusPage } from './status-page.js';
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

  @Get('status')
  async page(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.status.current();
    // The dashboard's headers: its strict CSP, and no framing.
    for (const [name, value] of Object.entries(DASHBOARD_HEADERS)) void reply.header(name, value);
    await reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(statusPage(report));
  }
}
