import type { Type } from '@nestjs/common';
import { ENDPOINT_CATALOG, contractExports } from '@nl/contracts-catalog';
import {
  DAY,
  HOUR,
  MINUTE,
  SECOND,
  type CachePolicy,
  type EndpointDefinition,
} from '@nl/contracts-core';
import type { AppPart } from '@nl/platform-runtime';
import { DOMAIN_PARTS } from '../parts.js';
import { DomainSource, type CacheCall } from './class-source.js';
import { subjectHandlers } from './subject-handlers.js';

/** Where a route's request goes, as far as the code says. */
export interface RouteEntry {
  readonly endpoint: EndpointDefinition;
  /** `Class.method` and its file; null when no service answers the subject (planned). */
  readonly handler: { readonly name: string; readonly file: string | null } | null;
  /** What the handler calls on the classes it is given: `Class.method`. */
  readonly services: readonly string[];
  /** Upstreams the classes it reaches are given, and the ones the row declares. */
  readonly upstreams: readonly string[];
  readonly cache: ReadonlyArray<{
    readonly prefix: string;
    readonly ttl: string;
    readonly stale: string;
  }>;
}

const UNITS: Readonly<Record<string, number>> = { SECOND, MINUTE, HOUR, DAY };

/** `7 * 86_400_000`, `7 * 24 * HOUR` in milliseconds; null for anything else. */
function millisecondsOf(expression: string): number | null {
  const factors = expression.split('*').map((f) => f.trim().replace(/_/g, ''));
  let product = 1;
  for (const factor of factors) {
    const value = /^\d+$/.test(factor) ? Number(factor) : UNITS[factor];
    if (value === undefined) return null;
    product *= value;
  }
  return product;
}

/** A duration in the largest whole unit: `7 d`, `5 min`. */
export function duration(ms: number): string {
  for (const [unit, size] of [
    ['d', DAY],
    ['h', HOUR],
    ['min', MINUTE],
    ['s', SECOND],
  ] as const)
    if (ms % size === 0) return `${ms / size} ${unit}`;
  return `${ms} ms`;
}

/**
 * The policy a cache call names: a catalog row, an upstream registration's own (read from the
 * domain's source), or, for a variable, the row the caller hands down (the route's).
 */
function policyOf(call: CacheCall, endpoint: EndpointDefinition, source: DomainSource) {
  if (/^[a-z]/.test(call.policy)) return endpoint;
  const registration = /^(\w+)\.cache$/.exec(call.policy)?.[1];
  if (!registration) return (contractExports()[call.policy] as CachePolicy | undefined) ?? null;
  const written = source.cachePolicyOf(registration);
  const ms = (member: string) => (written[member] ? millisecondsOf(written[member]) : null);
  return {
    cacheTtlMs: ms('cacheTtlMs'),
    staleIfErrorMs: ms('staleIfErrorMs') ?? undefined,
    partialCacheTtlMs: ms('partialCacheTtlMs') ?? undefined,
  };
}

/** A cache call's TTL and stale window, in words, from the policy it names. */
function cacheEntry(
  call: CacheCall,
  prefix: string,
  endpoint: EndpointDefinition,
  source: DomainSource,
) {
  const policy = policyOf(call, endpoint, source);
  if (!policy) return { prefix, ttl: `unknown (${call.policy})`, stale: 'unknown' };
  const { cacheTtlMs, staleIfErrorMs, partialCacheTtlMs } = policy;
  const partial =
    partialCacheTtlMs === undefined ? '' : ` (${duration(partialCacheTtlMs)} when partial)`;
  return {
    prefix,
    ttl: cacheTtlMs === null ? 'not cached' : `${duration(cacheTtlMs)}${partial}`,
    stale: staleIfErrorMs ? duration(staleIfErrorMs) : 'none',
  };
}

/**
 * Follows a handler method through the calls it makes, gathering what each class declares. A
 * cache call whose key is a variable gets the key prefixes its own method builds, else those of
 * the method that called it (the key handed down).
 */
function follow(source: DomainSource, handler: Type, method: string, endpoint: EndpointDefinition) {
  const services = new Set<string>();
  const upstreams = new Set<string>(endpoint.upstreams ?? []);
  const cache = new Map<string, { prefix: string; ttl: string; stale: string }>();
  const seen = new Set<string>();
  const visit = (owner: string, name: string, depth: number, handed: readonly string[]) => {
    const id = `${owner}.${name} ${handed.join(' ')}`;
    if (seen.has(id) || source.fileOf(owner) === null) return;
    seen.add(id);
    for (const upstream of source.upstreams(owner)) upstreams.add(upstream);
    const facts = source.method(owner, name);
    const direct = new Set(facts.cacheCalls.map((c) => c.prefix));
    const own = facts.keys.filter((k) => !direct.has(k));
    for (const call of facts.cacheCalls)
      for (const prefix of call.prefix !== null ? [call.prefix] : own.length ? own : handed) {
        const entry = cacheEntry(call, prefix, endpoint, source);
        cache.set(`${entry.prefix} ${entry.ttl} ${entry.stale}`, entry);
      }
    const members = source.members(owner);
    for (const call of facts.calls) {
      const target = call.member === null ? owner : members.get(call.member);
      if (!target || source.fileOf(target) === null) continue;
      if (depth === 0 && call.member !== null) services.add(`${target}.${call.method}`);
      visit(target, call.method, call.member === null ? depth : depth + 1, own);
    }
  };
  visit(handler.name, method, 0, []);
  return { services: [...services], upstreams: [...upstreams].sort(), cache: [...cache.values()] };
}

/** Every catalog row with the way its requests go, read from the code. */
export function routeMap(
  root: string,
  catalog: readonly EndpointDefinition[] = ENDPOINT_CATALOG,
  parts: Readonly<Record<string, AppPart>> = DOMAIN_PARTS,
): RouteEntry[] {
  const handlers = subjectHandlers(parts);
  const sources = new Map<string, DomainSource>();
  const sourceOf = (domain: string) => {
    if (!sources.has(domain)) sources.set(domain, new DomainSource(root, domain));
    return sources.get(domain) as DomainSource;
  };
  return catalog.map((endpoint) => {
    const found = handlers.get(endpoint.subject);
    if (!found)
      return {
        endpoint,
        handler: null,
        services: [],
        upstreams: endpoint.upstreams ?? [],
        cache: [],
      };
    const source = sourceOf(found.domain);
    return {
      endpoint,
      handler: {
        name: `${found.handler.name}.${found.method}`,
        file: source.fileOf(found.handler.name),
      },
      ...follow(source, found.handler, found.method, endpoint),
    };
  });
}
