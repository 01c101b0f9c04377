import type { Type } from '@nestjs/common';
import type { CachePolicy } from './cache-policy.js';
import { toHundredths } from './credits.js';
import type { DomainName } from './domains.js';

/** Account tiers, lowest first. */
export const TIERS = ['free', 'trial', 'paid', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

/** A tier's name as the docs and error messages write it. */
export const TIER_NAMES: Readonly<Record<Tier, string>> = {
  free: 'Free',
  trial: 'Trial',
  paid: 'Paid',
  premium: 'Premium',
};

export type HttpMethod = 'GET' | 'POST';

/**
 * Amounts of credit are integers in hundredths of a credit, so sums never drift: 0.10 credit = 10.
 * Use {@link credits} to write them readably in the catalog.
 */
export type CreditAmount = number;

/** A catalog price written in credits: `credits(0.1)` is 10 hundredths. */
export const credits: (amount: number) => CreditAmount = toHundredths;

/** Per-minute request limit of each tier that may call an endpoint; a missing tier gets 403. */
export type TierLimits = Partial<Record<Tier, number>>;

/** A request that a test key (the sandbox) answers from the domain's recorded data. */
export interface SandboxRequest {
  /** Path with its query, as a caller writes it: `/v1/rdw/vehicle-lite?license_plate=TT-601-D`. */
  readonly path: string;
  /** The JSON body of a POST. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** What it shows, for the docs. */
  readonly description: string;
}

/**
 * A magic input that makes the sandbox answer as the live path does when the upstream is slow,
 * down or rate-limited (or the register has no such entry), so callers can test their handling.
 */
export interface SandboxTrigger extends SandboxRequest {
  readonly status: number;
  /** Members the answer's JSON body has (the problem's `code`, or the spec body's markers). */
  readonly answer: Readonly<Record<string, unknown>>;
}

/** The sandbox of an endpoint: requests with recorded answers, and its failure triggers. */
export interface EndpointSandbox {
  readonly examples: readonly SandboxRequest[];
  readonly triggers?: readonly SandboxTrigger[];
}

/**
 * One public endpoint: the single source of truth for routing, pricing, limits, caching,
 * timeouts and the OpenAPI text. Its cache policy (TTL, stale-if-error window) is the one the
 * service caches its answers with.
 */
export interface EndpointDefinition extends CachePolicy {
  /** Stable id, also the metrics label: `<domain>.<capability>.<action>`. */
  readonly id: string;
  readonly domain: DomainName;
  readonly method: HttpMethod;
  /** Fastify-style paths (`/v1/cbs/sbi/:code`); the first is canonical, the rest are aliases. */
  readonly paths: readonly string[];
  /** Transport subject the gateway forwards to. */
  readonly subject: string;
  readonly summary: string;
  readonly description: string;
  /** Query/path (GET) or body (POST) DTO, validated by the gateway and again by the service. */
  readonly request?: Type<object>;
  /** Response body DTO, for the OpenAPI document. */
  readonly response?: Type<object>;
  /** Spec-defined bodies of non-2xx answers, for the OpenAPI document. */
  readonly errorResponses?: ReadonlyArray<{
    status: number;
    description: string;
    type?: Type<object>;
  }>;
  readonly price: {
    readonly fresh: CreditAmount;
    readonly cached: CreditAmount;
    /**
     * What an answer assembled from several sources costs when one of them could not answer
     * (the service marks it `meta.partial`); unset: such an answer costs the fresh price.
     */
    readonly partial?: CreditAmount;
  };
  readonly limits: TierLimits;
  /** Paid accounts need the endpoint's subscription; Premium always may call it. */
  readonly subscription?: string;
  /** Whether an agent may pay per request with x402 instead of an API key. */
  readonly x402: boolean;
  /** Gateway timeout of the transport request, in milliseconds. */
  readonly timeoutMs: number;
  /** Largest request body (POST), in bytes; 4 KB when unset (every body of the spec is tiny). */
  readonly maxBodyBytes?: number;
  /**
   * Announced but not built yet: routed, priced and documented in full (marked
   * `x-status: planned`), answered `503 service_unavailable` until a service answers its
   * subject, and shown as not available in `/v1/account`.
   */
  readonly planned?: boolean;
  /**
   * The upstreams (by the name the domain registers them under) a live call cannot be answered
   * without: while one is not configured on the server, the endpoint answers
   * `503 upstream_not_configured` and `/v1/account` shows it as not available.
   */
  readonly upstreams?: readonly string[];
  /** Where a number came from when the spec is silent or contradicts itself. */
  readonly notes?: readonly string[];
  /**
   * What a test key can ask (recorded data) and the failure triggers; every endpoint of a
   * running domain has at least one example (a catalog test checks it).
   */
  readonly sandbox?: EndpointSandbox;
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
