/**
 * The domain services behind the gateway, in catalog order: the one list of domains. Everything
 * else that names the domains is keyed by it and checked against it: the catalog joins each
 * domain's contracts (contracts-catalog's DOMAIN_CONTRACTS), the composition each domain's app
 * part (DOMAIN_PARTS), both typed so that a domain missing from either, or one not listed here,
 * does not compile. The rest is derived: the tsconfig paths are wildcards, the lint scopes and
 * the deployment files' service lists are generated from the folders and the composition.
 * `npm run new-domain` adds a name here.
 */
export const DOMAINS = ['property', 'rdw', 'kvk', 'validation', 'ndw', 'cbs'] as const;
export type DomainName = (typeof DOMAINS)[number];
