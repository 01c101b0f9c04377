import type { Type } from '@nestjs/common';
import { toHundredths } from './credits.js';

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

/** The six domain services behind the gateway. */
export const DOMAINS = ['property', 'rdw', 'kvk', 'validation', 'ndw', 'cbs'] as const;
export type DomainName = (typeof DOMAINS)[number];

export type HttpMethod = 'GET' | 'POST';

/**
 * Amounts of credit are integers in hundredths of a credit (ARCHITECTURE §5): 0.10 credit = 10.
 * Use {@link credits} to write them readably in the catalog.
 */
export type CreditAmount = number;

/** A catalog price written in credits: `credits(0.1)` is 10 hundredths. */
export const credits: (amount: number) => CreditAmount = toHundredths;

/** Per-minute request limit of each tier that may call an endpoint; a missing tier gets 403. */
export type TierLimits = Partial<Record<Tier, number>>;

/**
 * One public endpoint: the single source of truth for routing, pricing, limits, caching,
 * timeouts and the OpenAPI text (ARCHITECTURE §3).
 */
export interface EndpointDefinition {
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
  readonly price: { readonly fresh: CreditAmount; readonly cached: CreditAmount };
  /** How long the service caches an answer; null when it is never cached. */
  readonly cacheTtlMs: number | null;
  readonly limits: TierLimits;
  /** Paid accounts need the endpoint's subscription; Premium always may call it. */
  readonly subscription?: string;
  /** Whether an agent may pay per request with x402 instead of an API key. */
  readonly x402: boolean;
  /** Gateway timeout of the transport request, in milliseconds. */
  readonly timeoutMs: number;
  /** Largest request body (POST), in bytes; 4 KB when unset (every body of the spec is tiny). */
  readonly maxBodyBytes?: number;
  /** Where a number came from when the spec is silent or contradicts itself. */
  readonly notes?: readonly string[];
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
