import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { replyEnvelope } from '@nl/platform-cache';
import type { DisposableResponse } from '@nl/contracts-validation';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { refreshEvery, refreshLogged, registerDatasetHealth } from '@nl/platform-dataset';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { domainPartOf } from '../email/domain-part.js';
import { VALIDATION_CONFIG, type ValidationSettings } from '../validation.config.js';
import { DisposableDomains, listFiles } from '../upstream/disposable/disposable.dataset.js';

const HOUR_MS = 3_600_000;
/** The first refresh, a minute after the start: the shipped snapshot is soon replaced. */
const FIRST_REFRESH_MS = 60_000;

/**
 * The disposable-domain check: the shipped snapshot at start (so an offline start works), then
 * a refresh from the configured URLs a minute after the start and then every
 * DISPOSABLE_REFRESH_HOURS, swapped in atomically; a
 * failed refresh keeps the list in use. Size and refresh state are in `/health/ready`.
 */
@Injectable()
export class DisposableService implements OnModuleInit, OnApplicationShutdown {
  readonly list = new DisposableDomains();
  private stopRefreshing = () => undefined as void;

  constructor(
    @InjectConfig(VALIDATION_CONFIG) private readonly settings: ValidationSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly health: HealthRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    const started = performance.now();
    await this.list.loadShipped();
    const stats = this.list.stats();
    this.logger.info(
      {
        domains: stats.size,
        allowlisted: stats.allowSize,
        ms: Math.round(performance.now() - started),
      },
      'disposable-domain list loaded',
    );
    registerDatasetHealth(this.health, this.list.dataset);
    this.stopRefreshing = refreshEvery(
      this.list.dataset,
      this.files(),
      this.settings.disposable.refreshHours * HOUR_MS,
      this.logger,
      FIRST_REFRESH_MS,
    );
  }

  onApplicationShutdown(): void {
    this.stopRefreshing();
  }

  /** Downloads the configured lists now; the old list stays when anything is wrong. */
  refresh() {
    return refreshLogged(this.list.dataset, this.files(), this.logger);
  }

  private files() {
    const { denyUrls, allowUrls } = this.settings.disposable;
    return listFiles({ deny: denyUrls, allow: allowUrls });
  }

  isDisposable(domain: string): boolean {
    return this.list.check(domain);
  }

  check(email: string): ReplyEnvelope<DisposableResponse> {
    const domain = domainPartOf(email);
    if (!domain)
      throw DomainError.validation([
        {
          field: 'email',
          message: 'email must be an e-mail address with a public domain after the @',
        },
      ]);
    const disposable = this.list.check(domain);
    const stats = this.list.stats();
    return replyEnvelope('disposable-domains', {
      state: 'miss',
      fetchedAt: stats.loadedAt ?? new Date().toISOString(),
      value: {
        disposable,
        email,
        domain,
        message: disposable
          ? `${domain} is on the disposable-domain list (an indication, not proof).`
          : `${domain} is not on the disposable-domain list.`,
      },
    });
  }
}
