import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sendErrorPage } from './dashboard.http.js';
import { DomainError } from '@nl/platform-errors';

interface Asset {
  readonly type: string;
  readonly body: Buffer;
}

const own = (name: string) => new URL(`./assets/${name}`, import.meta.url);
/** Chart.js's self-contained browser build, from the installed package (no CDN). */
const chartJs = () =>
  join(dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js');

const FILES: Record<string, { type: string; path: () => URL | string }> = {
  'dashboard.css': { type: 'text/css; charset=utf-8', path: () => own('dashboard.css') },
  'dashboard-content.css': {
    type: 'text/css; charset=utf-8',
    path: () => own('dashboard-content.css'),
  },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', path: () => own('dashboard.js') },
  'chart.umd.min.js': { type: 'text/javascript; charset=utf-8', path: chartJs },
  'favicon.svg': { type: 'image/svg+xml', path: () => own('favicon.svg') },
  'favicon.ico': { type: 'image/x-icon', path: () => own('favicon.ico') },
};

/**
 * The dashboard's stylesheets, scripts and icon, served by us (the CSP allows no other origin),
 * and the icon at /favicon.ico too, where browsers and bookmarks look for it by themselves.
 */
@ApiExcludeController()
@Controller()
export class DashboardAssetsController {
  private readonly loaded = new Map<string, Asset>();

  @Get('dashboard/assets/:name')
  async asset(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, name);
  }

  @Get('favicon.ico')
  async favicon(@Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, 'favicon.ico');
  }

  private async send(reply: FastifyReply, name: string): Promise<void> {
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) return sendErrorPage(reply, new DomainError('not_found', 'No such file.'));
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = { type: file.type, body: readFileSync(file.path()) };
      this.loaded.set(name, asset);
    }
    await reply
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .type(asset.type)
      .send(asset.body);
  }
}
