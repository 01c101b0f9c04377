import { Injectable } from '@nestjs/common';
import { DomainCache, type Cached } from '@nl/platform-cache';
import { UpstreamError, rethrowAsDomainError } from '@nl/platform-upstream';
import { KvkClient } from '../upstream/kvk/kvk.client.js';
import type { RawKvkBranch, RawKvkProfile } from '../upstream/kvk/kvk.types.js';

/** How long past its TTL a profile may stand in when KVK fails (stale-if-error). */
const STALE_MS = 7 * 86_400_000;

/**
 * The register's raw profiles through the cache, shared by both capabilities: one KVK call per
 * number per TTL (concurrent misses share it), `null` cached for unknown numbers, the last copy
 * served as stale when KVK fails, else 503 (504 for a timeout) with Retry-After.
 */
@Injectable()
export class KvkProfiles {
  constructor(
    private readonly client: KvkClient,
    private readonly cache: DomainCache,
  ) {}

  company(kvkNummer: string, endpoint: { readonly cacheTtlMs: number | null }) {
    return this.load<RawKvkProfile>(`profile:${kvkNummer}`, endpoint, () =>
      this.client.profile(kvkNummer),
    );
  }

  branch(vestigingsnummer: string, endpoint: { readonly cacheTtlMs: number | null }) {
    return this.load<RawKvkBranch>(`branch:${vestigingsnummer}`, endpoint, () =>
      this.client.branch(vestigingsnummer),
    );
  }

  private async load<T>(
    key: string,
    endpoint: { readonly cacheTtlMs: number | null },
    fetch: () => Promise<T | null>,
  ): Promise<Cached<T | null>> {
    return this.cache
      .getOrLoad(key, fetch, {
        ttlMs: endpoint.cacheTtlMs ?? 86_400_000,
        staleMs: STALE_MS,
        serveStaleOn: (e) => e instanceof UpstreamError,
      })
      .catch(rethrowAsDomainError);
  }
}
