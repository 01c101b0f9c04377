import type { TagObject } from '@nestjs/swagger';
import { DOMAINS, type DomainName } from '@nl/contracts-core';

/** The tag of the free account operations (`/v1/account`, `/v1/account/usage`). */
export const ACCOUNT_TAG = 'account';

/** The tag of the batch jobs (`/v1/batches`). */
export const BATCHES_TAG = 'batches';

/**
 * What each domain's tag says. A domain made by `npm run new-domain` has no line yet and is
 * described by its name until it gets one.
 */
const DOMAIN_TAGS: Readonly<Partial<Record<DomainName, string>>> = {
  property:
    'Addresses and buildings: the combined property dossier, WOZ values, BAG address records and autocomplete, spatial plans (PDOK, BAG, WOZ, EP-Online, Ruimtelijke Plannen).',
  rdw: 'Vehicles by Dutch licence plate, lite and full (RDW open data).',
  kvk: 'Companies and branches from the KVK Handelsregister, with VAT checks.',
  validation: 'EU VAT numbers (VIES), e-mail addresses, disposable domains and DNS records.',
  ndw: 'Traffic data from NDW open data: EV charge points, truck parking with occupancy, emission zones and zone access per vehicle.',
  cbs: 'SBI 2025 industry codes (CBS): index, lookup and search.',
};

/**
 * The document's tags, declared once: one per domain (each catalog operation is under its
 * domain's tag alone) and one for the account operations.
 */
export const OPENAPI_TAGS: readonly TagObject[] = [
  ...DOMAINS.map((name) => ({
    name,
    description: DOMAIN_TAGS[name] ?? `The ${name} domain's endpoints.`,
  })),
  {
    name: ACCOUNT_TAG,
    description: "The caller's own account: tier, balance, prices, limits and usage. Free.",
  },
  {
    name: BATCHES_TAG,
    description:
      'Batch jobs: up to 100,000 calls of one endpoint on a queue, results as NDJSON or CSV, a signed webhook at the end. Each item is charged as its single call.',
  },
];
