import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';
import { DASHBOARD_HEADERS } from '@nl/gateway-dashboard';
import { GATEWAY_CATALOG, PublicBaseUrl } from '@nl/gateway-core';
import { InjectConfig, PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { X402_CONFIG, type X402Settings } from '@nl/gateway-x402';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prefersJson } from './accept.js';
import { frontDoorIndex, frontPage } from './front-page.js';
import { LlmsFiles, type LlmsFileName } from './llms-files.js';
import { robotsTxt } from './robots.js';

const TEXT = 'text/plain; charset=utf-8';

/**
 * The front door, free and without a key: `/` (a page, or JSON for `Accept: application/json`),
 * `/llms.txt` and `/llms-full.txt` for agents, `/robots.txt` for crawlers. Their links are
 * absolute at the URL callers reach the API at; their caching headers and ETags are those of the
 * other free documents (static-caching.ts).
 */
@ApiExcludeController()
@Controller()
export class DiscoveryController {
  private readonly base: PublicBaseUrl;
  private readonly llms = new LlmsFiles();

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Inject(GATEWAY_CATALOG) private readonly catalog: readonly EndpointDefinition[],
    @InjectConfig(X402_CONFIG) private readonly x402: X402Settings | null,
  ) {
    this.base = new PublicBaseUrl(config.http);
  }

  @Get()
  async front(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    void reply.header('vary', 'Accept');
    if (prefersJson(request.headers.accept)) {
      await reply
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(frontDoorIndex(this.catalog, this.base.of(request), this.x402 !== null)),
        );
      return;
    }
    for (const [name, value] of Object.entries(DASHBOARD_HEADERS)) void reply.header(name, value);
    await reply
      .type('text/html; charset=utf-8')
      .send(frontPage(this.catalog, this.x402 !== null).text);
  }

  @Get('llms.txt')
  llmsTxt(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.sendLlms('llms.txt', request, reply);
  }

  @Get('llms-full.txt')
  llmsFullTxt(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.sendLlms('llms-full.txt', request, reply);
  }

  @Get('robots.txt')
  async robots(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await reply.type(TEXT).send(robotsTxt(this.base.of(request)));
  }

  private async sendLlms(
    name: LlmsFileName,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    await reply
      .header('x-content-type-options', 'nosniff')
      .type(TEXT)
      .send(this.llms.text(name, this.base.of(request)));
  }
}
