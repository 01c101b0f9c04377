import { Inject, Injectable } from '@nestjs/common';
import type { EndpointDefinition } from '@nl/contracts-core';
import { GATEWAY_CATALOG } from '@nl/gateway-core';

/** The catalog as the batch parts read it: whole (to check a job), or by the id a job stores. */
@Injectable()
export class BatchCatalog {
  private readonly byId: ReadonlyMap<string, EndpointDefinition>;

  constructor(@Inject(GATEWAY_CATALOG) readonly endpoints: readonly EndpointDefinition[]) {
    this.byId = new Map(endpoints.map((e) => [e.id, e]));
  }

  /** The endpoint a stored job names; undefined when this gateway does not serve it. */
  of(id: string): EndpointDefinition | undefined {
    return this.byId.get(id);
  }
}
