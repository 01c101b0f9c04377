import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import { TransportClientModule } from '@nl/platform-transport';
import { ShutdownGate } from './edge/edge.js';
import { HttpProblemFilter } from './errors/http-problem.filter.js';
import { GATEWAY_CATALOG, GATEWAY_STEPS, type GatewayStep } from './pipeline/gateway-step.js';
import { Foreground } from './pipeline/foreground.js';
import { RequestPipeline } from './pipeline/request-pipeline.js';
import { createCatalogController } from './routes/catalog.controller.js';
import { TransportHealth } from './transport.health.js';

export interface GatewayOptions {
  /** The endpoints to serve; the full catalog by default. */
  readonly catalog?: readonly EndpointDefinition[];
  /**
   * The access steps (key, tier gate, rate limit and credits before the call, settlement after
   * it), in order; provided by a module in `imports`.
   */
  readonly steps?: readonly Type<GatewayStep>[];
  /** Modules the steps (and any extra routes) come from. */
  readonly imports?: NonNullable<ModuleMetadata['imports']>;
}

/** The public HTTP surface: catalog routes, the pipeline and problem+json errors. */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions = {}): DynamicModule {
    const steps = options.steps ?? [];
    const catalog = options.catalog ?? ENDPOINT_CATALOG;
    return {
      module: GatewayModule,
      // Only the catalog is exported, to the access routes that describe it.
      global: true,
      exports: [GATEWAY_CATALOG, Foreground],
      imports: [TransportClientModule, ...(options.imports ?? [])],
      controllers: [createCatalogController(catalog)],
      providers: [
        { provide: GATEWAY_CATALOG, useValue: catalog },
        {
          provide: GATEWAY_STEPS,
          inject: [...steps],
          useFactory: (...instances: GatewayStep[]) => instances,
        },
        HttpProblemFilter,
        { provide: APP_FILTER, useExisting: HttpProblemFilter },
        RequestPipeline,
        Foreground,
        TransportHealth,
        ShutdownGate,
      ],
    };
  }
}
