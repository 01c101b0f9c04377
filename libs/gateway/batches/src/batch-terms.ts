import type { EndpointDefinition, FieldError, Tier } from '@nl/contracts-core';
import { endpointAccess, type KeyOwner } from '@nl/gateway-access';
import { DomainError, validateInput } from '@nl/platform-errors';
import { MAX_BATCH_ITEMS, type BatchUpload } from './batch-upload.js';

/**
 * The most items a job may have per tier. A job is worked off at the upstreams' pace, not the
 * per-minute limits, so the tiers differ in how much of that pace one job may take.
 */
export const BATCH_ITEM_LIMITS: Readonly<Record<Tier, number>> = {
  free: 100,
  trial: 1_000,
  paid: 25_000,
  premium: MAX_BATCH_ITEMS,
};

/** How many wrong items a refusal lists; the count says how many there were. */
const LISTED_ITEM_ERRORS = 100;

/** A wrong item: its number (from 1) and what is wrong with it. */
export interface ItemErrors {
  readonly item: number;
  readonly errors: readonly FieldError[];
}

/** What a job was checked to be: its endpoint and each item's parameters as validated. */
export interface CheckedJob {
  readonly endpoint: EndpointDefinition;
  readonly items: readonly Record<string, unknown>[];
  readonly webhookUrl: string | null;
}

/**
 * The endpoint a job names: a catalog id (`validation.vat.check`) or one of its paths as the
 * catalog writes them (`/v1/validate/vat`, `/v1/cbs/sbi/:code`; `{code}` is read as `:code`).
 * Every priced endpoint that is built can be batched.
 */
export function batchEndpoint(
  catalog: readonly EndpointDefinition[],
  named: unknown,
): EndpointDefinition {
  if (typeof named !== 'string' || named === '')
    throw new DomainError('bad_request', 'Name the endpoint of the job: a catalog id or its path.');
  const path = named.replace(/\{([^}]+)\}/g, ':$1');
  const endpoint = catalog.find((e) => e.id === named || e.paths.includes(path));
  if (!endpoint || !batchable(endpoint))
    throw new DomainError(
      'bad_request',
      `"${named}" is not an endpoint a job can call: use an id or path of the catalog (GET /v1/catalog).`,
    );
  return endpoint;
}

/** Whether a job may call the endpoint at all: it is built and priced. */
const batchable = (endpoint: EndpointDefinition) => !endpoint.planned && endpoint.price.fresh > 0;

/**
 * The endpoints a job of this caller may name, in catalog order: the batchable ones its tier
 * and subscriptions allow (a form offers these; {@link checkAccess} still decides).
 */
export function batchableEndpoints(
  catalog: readonly EndpointDefinition[],
  caller: Pick<KeyOwner, 'tier' | 'subscriptions'>,
): EndpointDefinition[] {
  return catalog.filter((e) => batchable(e) && endpointAccess(e, caller).available);
}

/** The refusal of a job the caller's tier may not run (the endpoint, or its size). */
export function checkAccess(owner: KeyOwner, endpoint: EndpointDefinition, items: number): void {
  const access = endpointAccess(endpoint, owner);
  if (!access.available)
    throw new DomainError(
      'forbidden',
      access.missing === 'tier'
        ? `The ${owner.tier} tier cannot call ${endpoint.id}.`
        : `${endpoint.id} needs the ${endpoint.subscription} subscription.`,
    );
  const limit = BATCH_ITEM_LIMITS[owner.tier];
  if (items > limit)
    throw new DomainError(
      'forbidden',
      `A job of the ${owner.tier} tier has at most ${limit} items; this one has ${items}.`,
      { members: { limit, items } },
    );
}

/**
 * Each item validated as the single call validates its parameters; the refusal lists the wrong
 * items by number (the first {@link LISTED_ITEM_ERRORS}) and counts them all. A GET endpoint's
 * path parameters are items' parameters like the rest.
 */
export function checkItems(
  endpoint: EndpointDefinition,
  items: readonly unknown[],
): Record<string, unknown>[] {
  if (items.length === 0) throw new DomainError('bad_request', 'A job needs at least one item.');
  if (items.length > MAX_BATCH_ITEMS)
    throw new DomainError('payload_too_large', `A job has at most ${MAX_BATCH_ITEMS} items.`);
  const wrong: ItemErrors[] = [];
  let count = 0;
  const checked = items.map((item, index) => {
    try {
      const input = endpoint.request ? validateInput(endpoint.request, item) : item;
      return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      count++;
      if (wrong.length < LISTED_ITEM_ERRORS)
        wrong.push({
          item: index + 1,
          errors: error.extra.errors ?? [{ field: '(item)', message: error.message }],
        });
      return {};
    }
  });
  if (count)
    throw new DomainError(
      'validation_failed',
      `${count} of ${items.length} items are not valid for ${endpoint.id}; nothing was charged.`,
      { members: { items: wrong, invalid_items: count } },
    );
  return checked;
}

/** The whole check of an upload, before anything is reserved. */
export function checkJob(
  catalog: readonly EndpointDefinition[],
  owner: KeyOwner,
  upload: BatchUpload,
): Omit<CheckedJob, 'webhookUrl'> {
  const endpoint = batchEndpoint(catalog, upload.endpoint);
  checkAccess(owner, endpoint, upload.items.length);
  return { endpoint, items: checkItems(endpoint, upload.items) };
}
