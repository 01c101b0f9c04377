import { CBS_APP } from '@nl/domain-cbs';
import { RDW_APP } from '@nl/domain-rdw';
import { VALIDATION_APP } from '@nl/domain-validation';
import { KVK_APP } from '@nl/domain-kvk';
import { PROPERTY_APP } from '@nl/domain-property';
import { NDW_APP } from '@nl/domain-ndw';
import type { DomainName } from '@nl/contracts-core';
import { gatewayApp } from '@nl/gateway-app';
import type { AppPart } from '@nl/platform-runtime';

/**
 * Every domain service's app part, by the domain's name in DOMAINS (contracts-core), which the
 * type checks both ways: a domain without its part, or a part for no domain, does not compile.
 * The standalone app, the distributed start, the e2e stack, the bench, the generated docs and
 * the deployment files' service lists read it, in this order (the start order). `npm run
 * new-domain` adds a line.
 */
export const DOMAIN_PARTS = {
  cbs: CBS_APP,
  validation: VALIDATION_APP,
  rdw: RDW_APP,
  kvk: KVK_APP,
  property: PROPERTY_APP,
  ndw: NDW_APP,
} as const satisfies Record<DomainName, AppPart>;

export type ServiceName = keyof typeof DOMAIN_PARTS;
export const SERVICE_NAMES = Object.keys(DOMAIN_PARTS) as ServiceName[];

/** The whole API in one process: the gateway (or the one given) and every domain. */
export function everyPart(gateway: AppPart = gatewayApp()): AppPart[] {
  return [gateway, ...Object.values(DOMAIN_PARTS)];
}
