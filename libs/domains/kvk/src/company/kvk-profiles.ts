import { Injectable } from '@nestjs/common';
import type { CachePolicy } from '@nl/contracts-core';
import { DomainCache, cacheKey, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { KvkClient } from '../upstream/kvk/kvk.client.js';
import type { RawKvkBranch, RawKvkProfile } from '../upstream/kvk/kvk.types.js';

/**
 * The register's raw profiles through the cache, shared by both capabilities: one KVK call per
 * number per TTL (concurrent misses share it), `null` cached for unknown numbers, the last copy
 * served as stale when KVK fails, else 503 (504 for a timeout) with Retry-After; TTL and stale
 * window are the endpoint row's.
 */
@Injectable()
export class KvkProfiles {
  constructor(
    private readonly client: KvkClient,
    private readonly cache: DomainCache,
  ) {}

  company(
    kvkNummer: string,
    policy: CachePolicy,
    scope: RequestScope,
  ): Promise<Cached<RawKvkProfile | null>> {
    return this.cache.through(cacheKey(scope, policy, `profile:${kvkNummer}`), () =>
      this.client.profile(kvkNummer, scope),
    );
  }

  branch(
    vestigingsnummer: string,
    policy: CachePolicy,
    scope: RequestScope,
  ): Promise<Cached<RawKvkBranch | null>> {
    return this.cache.through(cacheKey(scope, policy, `branch:${vestigingsnummer}`), () =>
      this.client.branch(vestigingsnummer, scope),
    );
  }
}
