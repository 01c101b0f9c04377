import { Draft, jsonBytes, percentEncode, type Slot } from './draft.js';
import type { FuzzOperation, ValueSchema } from './operations.js';
import type { Prng } from './prng.js';
import { GOOD_VALUES } from './values.js';

/** What the cases need to know about the server under test. */
export interface FuzzContext {
  /** API keys of a Premium account with plenty of credits; cases spread over them. */
  readonly keys: readonly string[];
  /** A key that was revoked; without it a well-formed unknown key stands in. */
  readonly revokedKey?: string;
  readonly adminToken?: string;
  /** An account the admin cases may change, for the `{id}` of admin routes. */
  readonly scratchAccountId?: string;
}

export const KEY_PREFIX = 'nlk_live_';
const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A key that looks real and belongs to nobody. */
export function unknownKey(rng: Prng): string {
  return `${KEY_PREFIX}${rng.string(32, KEY_ALPHABET)}`;
}

function randomUuid(rng: Prng): string {
  const hex = rng.string(32, '0123456789abcdef');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function number(schema: ValueSchema, rng: Prng): number {
  const min = schema.minimum ?? 1;
  const max = Math.min(schema.maximum ?? 100, min + 1_000);
  const choices = [min, max, rng.int(Math.ceil(min), Math.floor(max))];
  if (typeof schema.default === 'number') choices.push(schema.default);
  return rng.pick(choices);
}

function text(schema: ValueSchema, name: string, rng: Prng, ctx: FuzzContext): string {
  if (schema.example === 'account-id') return ctx.scratchAccountId ?? randomUuid(rng);
  const good = GOOD_VALUES[name];
  if (good && rng.chance(0.7)) return rng.pick(good);
  if (typeof schema.example === 'string') return schema.example;
  const min = schema.minLength ?? 1;
  return rng.string(rng.int(min, Math.max(min, Math.min(schema.maxLength ?? 12, 12))));
}

/** A value the schema allows, from its enum, bounds, examples or the known-good pool. */
export function validValue(slot: Slot, rng: Prng, ctx: FuzzContext): unknown {
  const { schema } = slot;
  if (schema.enum?.length) return rng.pick(schema.enum);
  if (schema.type === 'integer' || schema.type === 'number') return number(schema, rng);
  if (schema.type === 'array') return schema.example ?? [];
  if (schema.type === 'boolean') return rng.chance(0.5);
  return text(schema, slot.name, rng, ctx);
}

/** Every place of an operation that takes a value. */
export function slotsOf(operation: FuzzOperation): Slot[] {
  return [
    ...operation.params.map((p) => ({ kind: p.in, name: p.name, schema: p.schema })),
    ...(operation.body ?? []).map((f) => ({ kind: 'body' as const, ...f })),
  ];
}

/**
 * One slot to spoil: a real one, or a made-up query parameter where the route has none. Free
 * text (a string without an enum) is twice as likely: that is where hostile text gets far.
 */
export function pickSlot(operation: FuzzOperation, rng: Prng): Slot {
  const slots = slotsOf(operation);
  const text = slots.filter((s) => (s.schema.type ?? 'string') === 'string' && !s.schema.enum);
  if (slots.length) return rng.pick([...slots, ...text]);
  return { kind: 'query', name: rng.pick(['q', 'page', 'x']), schema: { type: 'string' } };
}

/**
 * A request the schema allows: every required value and about half the optional ones, valid,
 * and `Content-Type: application/json` with a body. Credentials come later ({@link applyAuth}).
 */
export function validDraft(operation: FuzzOperation, rng: Prng, ctx: FuzzContext): Draft {
  const draft = new Draft(operation);
  const required = new Set([
    ...operation.params.filter((p) => p.required).map((p) => p.name),
    ...(operation.body ?? []).filter((f) => f.required).map((f) => f.name),
  ]);
  for (const slot of slotsOf(operation)) {
    if (!required.has(slot.name) && rng.chance(0.5)) continue;
    const value = validValue(slot, rng, ctx);
    if (slot.kind === 'body') draft.setRaw(slot, jsonBytes(value));
    else draft.setRaw(slot, percentEncode(String(value)));
  }
  if (operation.body) draft.header('Content-Type', 'application/json');
  return draft;
}

type KeyChoice = 'header' | 'bearer' | 'none' | 'wrong' | 'revoked' | 'query';
const KEY_WEIGHTS: Record<KeyChoice, number> = {
  header: 68,
  bearer: 12,
  none: 6,
  wrong: 5,
  revoked: 4,
  query: 5,
};

/** `_` as `%5F` (and the rest as is), the way a client that escapes too much would send it. */
const escapeUnderscores = (key: string) => key.replace(/_/g, '%5F');

function applyAdminToken(draft: Draft, rng: Prng, ctx: FuzzContext): void {
  const token = ctx.adminToken ?? 'x'.repeat(24);
  const roll = rng.next();
  if (roll < 0.9) draft.header('X-Admin-Token', token);
  else if (roll < 0.95) draft.header('X-Admin-Token', rng.string(token.length));
}

/** Valid credentials for the route: a key of the Premium account, or the admin token. */
export function applyValidAuth(draft: Draft, rng: Prng, ctx: FuzzContext): void {
  if (draft.operation.auth === 'admin') draft.header('X-Admin-Token', ctx.adminToken ?? '');
  else draft.header('X-Api-Key', rng.pick(ctx.keys));
}

/**
 * Credentials: mostly a valid key (in `X-Api-Key` or as a bearer token), sometimes none, an
 * unknown or revoked key, or the key percent-encoded in the query (where it must not echo).
 */
export function applyAuth(draft: Draft, rng: Prng, ctx: FuzzContext): void {
  if (draft.operation.auth === 'admin') return applyAdminToken(draft, rng, ctx);
  const key = rng.pick(ctx.keys);
  const choice = rng.weighted(KEY_WEIGHTS);
  if (choice === 'header') draft.header('X-Api-Key', key);
  else if (choice === 'bearer') draft.header('Authorization', `Bearer ${key}`);
  else if (choice === 'wrong') draft.header('X-Api-Key', unknownKey(rng));
  else if (choice === 'revoked') draft.header('X-Api-Key', ctx.revokedKey ?? unknownKey(rng));
  else if (choice === 'query') {
    draft.query.push(['api_key', escapeUnderscores(key)]);
    draft.secret = key;
  }
}
