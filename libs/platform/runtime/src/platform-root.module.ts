import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';
import {
  PlatformConfigModule,
  type PlatformConfig,
  type ResolvedSection,
} from '@nl/platform-config';
import { DatabaseModule, type DatabaseFeature } from '@nl/platform-database';
import { HealthModule } from '@nl/platform-health';
import { LoggingModule, type Logger } from '@nl/platform-logging';

export interface AppDefinition {
  readonly config: PlatformConfig;
  /** The settings of the app's parts (gateway, domains), parsed from their config sections. */
  readonly sections?: readonly ResolvedSection[];
  readonly logger: Logger;
  /** Tables the app's modules need; no database connection when empty. */
  readonly database?: readonly DatabaseFeature[];
  /** The app's feature modules (gateway, domains). */
  readonly imports: NonNullable<ModuleMetadata['imports']>;
  /** Queue group to serve domain messages on; no transport server when absent. */
  readonly serviceQueue?: string;
  /** The queue groups of the domains the app runs: each gets a `<queue>.status` subject. */
  readonly domainQueues?: readonly string[];
  /** Runs on the app before it initialises. */
  readonly configure?: (app: NestFastifyApplication) => Promise<void>;
  /** Extra Fastify server options. */
  readonly fastify?: Partial<FastifyServerOptions>;
}

/** Config, logging, health and metrics, and the database when asked: what every app has. */
@Module({})
export class PlatformRootModule {
  static forRoot(definition: AppDefinition): DynamicModule {
    return {
      module: PlatformRootModule,
      imports: [
        PlatformConfigModule.forRoot(definition.config, definition.sections),
        LoggingModule.forRoot(definition.logger),
        HealthModule,
        ...(definition.database?.length ? [DatabaseModule.forRoot(definition.database)] : []),
        ...definition.imports,
      ],
    };
  }
}
