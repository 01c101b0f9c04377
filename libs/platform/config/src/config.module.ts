import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { ResolvedSection } from './config-section.js';
import type { PlatformConfig } from './platform-config.js';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

/**
 * Makes the app's validated {@link PlatformConfig} injectable as `PLATFORM_CONFIG`, and each
 * config section of the app's parts under its own token (`@InjectConfig(SECTION)`).
 */
@Global()
@Module({})
export class PlatformConfigModule {
  static forRoot(config: PlatformConfig, sections: readonly ResolvedSection[] = []): DynamicModule {
    const providers = [
      { provide: PLATFORM_CONFIG, useValue: config },
      ...sections.map((s) => ({ provide: s.section.token, useValue: s.value })),
    ];
    return {
      module: PlatformConfigModule,
      providers,
      exports: providers.map((p) => p.provide),
    };
  }
}
