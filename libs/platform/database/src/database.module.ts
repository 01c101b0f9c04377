import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { dataSourceOptions, type DatabaseFeature } from './data-source-options.js';
import { DatabaseHealth } from './database.health.js';
import { runMigrations } from './migrate.js';
import { ManagedDataSource } from './open-database.js';

/**
 * One TypeORM DataSource per process, on Postgres or PGlite per config, with every feature's
 * entities and migrations. Migrations run at start; `synchronize` stays off.
 */
@Module({})
export class DatabaseModule {
  static forRoot(features: readonly DatabaseFeature[]): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) => dataSourceOptions(config.database, features),
          dataSourceFactory: async (options) => {
            if (!options) throw new Error('DatabaseModule: no data source options');
            const dataSource = await new ManagedDataSource(options).initialize();
            await runMigrations(dataSource, !('url' in options && options.url));
            return dataSource;
          },
        }),
      ],
      providers: [DatabaseHealth],
      exports: [DatabaseHealth],
    };
  }
}
