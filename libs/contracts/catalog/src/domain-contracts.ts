import { DOMAINS, type DomainName, type EndpointDefinition } from '@nl/contracts-core';
import * as cbs from '@nl/contracts-cbs';
import * as kvk from '@nl/contracts-kvk';
import * as ndw from '@nl/contracts-ndw';
import * as property from '@nl/contracts-property';
import * as rdw from '@nl/contracts-rdw';
import * as validation from '@nl/contracts-validation';

/** What the catalog needs of a domain's contracts lib: its rows, exported as `<NAME>_ENDPOINTS`. */
type ContractsOf<D extends DomainName> = {
  readonly [K in `${Uppercase<D>}_ENDPOINTS`]: readonly EndpointDefinition[];
};

/**
 * Every domain's contracts lib (subjects, DTOs, catalog rows), by the domain's name in DOMAINS.
 * Typed so that a domain of DOMAINS without its lib here, a lib here that DOMAINS lacks, or a lib
 * without its `<NAME>_ENDPOINTS` does not compile. `npm run new-domain` adds a line.
 */
export const DOMAIN_CONTRACTS = {
  cbs,
  kvk,
  ndw,
  property,
  rdw,
  validation,
} satisfies { readonly [D in DomainName]: ContractsOf<D> };

/** The catalog rows of one domain, in the order its contracts lib lists them. */
export function domainEndpoints(domain: DomainName): readonly EndpointDefinition[] {
  // The type above guarantees the member; a namespace's type lists every export besides it.
  const contracts: Readonly<Record<string, unknown>> = DOMAIN_CONTRACTS[domain];
  return contracts[`${domain.toUpperCase()}_ENDPOINTS`] as readonly EndpointDefinition[];
}

/** Every export of every domain's contracts lib, by name (subject maps, rows, DTOs). */
export function contractExports(): Readonly<Record<string, unknown>> {
  return Object.assign({}, ...DOMAINS.map((d) => DOMAIN_CONTRACTS[d]));
}
