import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpsEndpoints } from './ops-endpoints.js';

/**
 * The `METRICS_PORT` listener: `/metrics`, `/health/ready` (detailed) and `/health/live` on a
 * port of their own, so the public port need not show them. A plain `node:http` server: three
 * GET routes need no framework, and it keeps answering while the app drains its public port.
 */
@Injectable()
export class OpsServer implements OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly ops: OpsEndpoints,
    @Optional() @Inject(PLATFORM_CONFIG) private readonly config?: PlatformConfig,
  ) {}

  /** Starts listening when `METRICS_PORT` is set; resolves with its base URL, or null. */
  async listen(): Promise<string | null> {
    const settings = this.config?.metrics;
    if (!settings || settings.port === null) return null;
    if (this.server) return this.url();
    const server = createServer((request, response) => void this.handle(request, response));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port ?? 0, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return this.url();
  }

  /** The listener's base URL (127.0.0.1 for an any-address bind), or null when not listening. */
  url(): string | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) return null;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = new URL(request.url ?? '/', 'http://ops').pathname;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 }).end();
        return;
      }
      const answer = await this.ops.answer(path, 'metrics', request.headers.authorization);
      if (!answer) {
        response.writeHead(404, { 'content-type': 'text/plain', 'content-length': 10 });
        response.end(request.method === 'HEAD' ? undefined : 'Not Found\n');
        return;
      }
      const body = Buffer.from(answer.body);
      response.writeHead(answer.status, { ...answer.headers, 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'content-length': 0 });
      response.end();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
