/**
 * The domain services behind the gateway, in catalog order: the one list of domains. What else
 * lists them is keyed by it and checked against it: the catalog joins each domain's contracts
 * (contracts-catalog's DOMAIN_CONTRACTS) and the composition each domain's app part
 * (DOMAIN_PARTS), both typed so that a domain missing from either, or one not listed here, does
 * not compile. The rest follows: the tsconfig paths are wildcards, the lint scopes come from the
 * folders under libs/domains, and the deployment files' service lists are generated from the
 * composition (`npm run deploy-files`); a test checks the folders against this list.
 * `npm run new-domain` adds a name here.
 */
export const DOMAINS = ['property', 'rdw', 'kvk', 'validation', 'ndw', 'cbs'] as const;
export type DomainName = (typeof DOMAINS)[number];
