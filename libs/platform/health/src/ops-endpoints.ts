import { Inject, Injectable, Optional } from '@nestjs/common';
import { PROBLEM_TYPE_PREFIX } from '@nl/contracts-core';
import { PLATFORM_CONFIG, type MetricsConfig, type PlatformConfig } from '@nl/platform-config';
import { createHash, timingSafeEqual } from 'node:crypto';
import { HealthRegistry, type HealthReport } from './health.registry.js';
import { metricsRegistry } from './metrics.js';

/** Where a request arrived: the app's public port, or the `METRICS_PORT` listener. */
export type OpsPort = 'public' | 'metrics';

export interface OpsAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const NO_METRICS_CONFIG: MetricsConfig = { port: null, host: '127.0.0.1', token: null };
const JSON_TYPE = 'application/json; charset=utf-8';
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** An RFC 9457 body in the shape the gateway uses, for the few refusals of the ops routes. */
function problem(status: number, code: string, title: string, detail: string): OpsAnswer {
  const body = { type: `${PROBLEM_TYPE_PREFIX}${code}`, title, status, detail, code };
  return {
    status,
    headers: {
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      ...(status === 401 && { 'www-authenticate': 'Bearer realm="metrics"' }),
    },
    body: JSON.stringify(body),
  };
}

const json = (status: number, value: unknown): OpsAnswer => ({
  status,
  headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  body: JSON.stringify(value),
});

/**
 * The operator's routes, `/health/live`, `/health/ready` and `/metrics`, for both places they are
 * served (the app's own router and the `METRICS_PORT` listener), with one rule:
 *
 * - the public port always answers `/health/live` and `/health/ready` (load balancers and
 *   probes need them), the latter with its status only unless it is the detailed view's place;
 * - the detailed readiness and `/metrics` live on the metrics port when `METRICS_PORT` is set
 *   (404 on the public one), else on the public port;
 * - with `METRICS_TOKEN` set they need `Authorization: Bearer <token>` wherever they are: a
 *   readiness probe without it gets the status only, `/metrics` without it a 401.
 */
@Injectable()
export class OpsEndpoints {
  private readonly settings: MetricsConfig;
  private readonly token: Buffer | null;

  constructor(
    private readonly health: HealthRegistry,
    @Optional() @Inject(PLATFORM_CONFIG) config?: PlatformConfig,
  ) {
    this.settings = config?.metrics ?? NO_METRICS_CONFIG;
    this.token = this.settings.token === null ? null : digest(this.settings.token);
  }

  /** Whether the detailed views are served on `port` at all. */
  private detailsOn(port: OpsPort): boolean {
    return (this.settings.port !== null) === (port === 'metrics');
  }

  /** True when no token is configured, or `authorization` carries it (compared in constant time). */
  private authorized(authorization: string | undefined): boolean {
    if (!this.token) return true;
    const [scheme, given] = (authorization ?? '').trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given) return false;
    return timingSafeEqual(digest(given), this.token);
  }

  /** The answer to `GET path` on `port`, or null when the path is none of the operator's routes. */
  async answer(
    path: string,
    port: OpsPort,
    authorization: string | undefined,
  ): Promise<OpsAnswer | null> {
    switch (path) {
      case '/health/live':
        return this.report(await this.health.checkLiveness(), true);
      case '/health/ready':
        return this.report(
          await this.health.check(),
          this.detailsOn(port) && this.authorized(authorization),
        );
      case '/metrics':
        if (!this.detailsOn(port))
          return problem(404, 'route_not_found', 'Not Found', 'There is no such endpoint.');
        if (!this.authorized(authorization))
          return problem(
            401,
            'unauthorized',
            'Unauthorized',
            'The metrics need Authorization: Bearer <METRICS_TOKEN>.',
          );
        return {
          status: 200,
          headers: { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' },
          body: await metricsRegistry.metrics(),
        };
      default:
        return null;
    }
  }

  private report(report: HealthReport, detailed: boolean): OpsAnswer {
    return json(
      report.status === 'error' ? 503 : 200,
      detailed ? report : { status: report.status },
    );
  }
}
