import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { PlatformConfig } from './platform-config.js';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

/** Makes the app's validated {@link PlatformConfig} injectable as `PLATFORM_CONFIG`. */
@Global()
@Module({})
export class PlatformConfigModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: PlatformConfigModule,
      providers: [{ provide: PLATFORM_CONFIG, useValue: config }],
      exports: [PLATFORM_CONFIG],
    };
  }
}
