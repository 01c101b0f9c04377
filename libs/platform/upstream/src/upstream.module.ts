import { Inject, Module, type DynamicModule } from '@nestjs/common';
import type { CachePolicy } from '@nl/contracts-core';
import type { ConfigSection } from '@nl/platform-config';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { HealthRegistry } from '@nl/platform-health';
import { RecordedUpstream, type Recording } from './recorded-upstream.js';
import {
  UpstreamClient,
  type UpstreamOptions,
  type UpstreamRequest,
  type UpstreamResponse,
} from './upstream-client.js';
import { upstreamHealth } from './upstream.health.js';

/** How a domain declares one HTTP upstream: where its settings are and what to build from them. */
export interface UpstreamRegistration<C> {
  /** Short name for logs, metrics and health (`vies`, `rdw`, …). */
  readonly name: string;
  /** The domain's config section that holds the upstream's settings. */
  readonly config: ConfigSection<C>;
  /**
   * The client's options from those settings (timeout, retries, breaker, headers), or null
   * when the upstream is not configured on this server (a required URL or key is missing).
   */
  readonly client: (settings: C) => Omit<UpstreamOptions, 'name'> | null;
  /** The message callers get while it is not configured; names the variable to set. */
  readonly notConfigured: string;
  /**
   * The recorded implementation: sandbox (test-key) calls are answered from it, whether or not
   * the live upstream is configured, and never reach the network.
   */
  readonly recording: Recording;
  /**
   * How the domain caches this upstream's own answers, where they are a cache entry of their
   * own that several endpoints share (an endpoint's answer is cached by its catalog row).
   */
  readonly cache?: CachePolicy;
}

/** Whether an error says an upstream is not configured on this server (a key or URL unset). */
export const isNotConfigured = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.code === 'upstream_not_configured';

/**
 * One configured-or-not upstream, as a domain's client sees it, behind one port with two
 * implementations, chosen per request by its scope: live requests go through the platform client
 * (timeout, bounded retries, breaker, metrics), sandbox requests (a test key's call) to the
 * recording shipped with the domain. While the upstream is not configured every live request answers
 * `upstream_not_configured` (503), so no domain builds that error itself.
 */
export class Upstream {
  private readonly recorded: RecordedUpstream;

  constructor(
    readonly name: string,
    private readonly client: UpstreamClient | null,
    private readonly notConfigured: string,
    recording: Recording,
  ) {
    this.recorded = new RecordedUpstream(recording);
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Whether a request in `scope` gets an answer: configured here, or the sandbox's recording. */
  answers(scope: RequestScope): boolean {
    return scope.sandbox || this.configured;
  }

  request<T = unknown>(
    request: UpstreamRequest,
    scope: RequestScope,
  ): Promise<UpstreamResponse<T>> {
    if (scope.sandbox) return this.recorded.request<T>(request);
    if (!this.client) return Promise.reject(this.notConfiguredError());
    return this.client.request<T>(request);
  }

  /** What a live request answers while the upstream is not configured (503). */
  notConfiguredError(): DomainError {
    return new DomainError('upstream_not_configured', this.notConfigured);
  }

  /** Circuit and last outcomes (or `configured: false`), as in `/health/ready`. */
  status(): Record<string, unknown> {
    return this.client ? this.client.status() : { configured: false };
  }

  /** Builds the upstream from its registration and the domain's parsed settings. */
  static from<C>(registration: UpstreamRegistration<C>, settings: C): Upstream {
    const options = registration.client(settings);
    return new Upstream(
      registration.name,
      options ? new UpstreamClient({ name: registration.name, ...options }) : null,
      registration.notConfigured,
      registration.recording,
    );
  }
}

export const upstreamToken = (name: string) => `upstream:${name}`;

/** Injects the {@link Upstream} registered under `name`. */
export const InjectUpstream = (name: string) => Inject(upstreamToken(name));

/**
 * `UpstreamModule.register(registration)` in a domain module's imports provides the named
 * {@link Upstream} (inject it with `@InjectUpstream(name)`) and reports it under
 * `/health/ready` as `upstream:<name>`.
 */
@Module({})
export class UpstreamModule {
  static register<C>(registration: UpstreamRegistration<C>): DynamicModule {
    const token = upstreamToken(registration.name);
    return {
      module: UpstreamModule,
      providers: [
        {
          provide: token,
          inject: [registration.config.token, HealthRegistry],
          useFactory: (settings: C, health: HealthRegistry) => {
            const upstream = Upstream.from(registration, settings);
            health.register(upstreamHealth(upstream));
            return upstream;
          },
        },
      ],
      exports: [token],
    };
  }
}
