import type { ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';
import {
  CONFIG_ENV,
  loadConfigSections,
  type ConfigSection,
  type PlatformConfig,
} from '@nl/platform-config';
import type { DatabaseFeature } from '@nl/platform-database';
import type { Logger } from '@nl/platform-logging';
import type { AppDefinition } from './platform-root.module.js';

/**
 * What a gateway or a domain contributes to a process. A service app runs one part; the
 * standalone app runs them all in one process on the in-process transport.
 */
export interface AppPart {
  readonly imports: NonNullable<ModuleMetadata['imports']>;
  /** The part's own settings, read and validated when a process that runs it is composed. */
  readonly config?: readonly ConfigSection<unknown>[];
  readonly database?: readonly DatabaseFeature[];
  /** The queue group of a domain service. */
  readonly queue?: string;
  /** Runs on the app before it initialises (e.g. to serve docs). */
  readonly configure?: (app: NestFastifyApplication) => Promise<void>;
  /** Fastify server options the part needs (the gateway's edge: error answers, parsers). */
  readonly fastify?: Partial<FastifyServerOptions>;
}

/**
 * Joins parts into one app definition. Each part's config sections are read from the
 * environment the platform config came from, so a process holds only its parts' settings.
 */
export function composeApp(
  config: PlatformConfig,
  logger: Logger,
  parts: readonly AppPart[],
): AppDefinition {
  const queues = parts.flatMap((p) => (p.queue ? [p.queue] : []));
  return {
    config,
    sections: loadConfigSections(
      parts.flatMap((p) => p.config ?? []),
      config[CONFIG_ENV],
    ),
    logger,
    database: parts.flatMap((p) => p.database ?? []),
    imports: parts.flatMap((p) => p.imports),
    serviceQueue: queues.length > 1 ? config.service : queues[0],
    domainQueues: queues,
    configure: async (app) => {
      for (const part of parts) await part.configure?.(app);
    },
    fastify: Object.assign({}, ...parts.map((p) => p.fastify ?? {})),
  };
}
