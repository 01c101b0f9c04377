// Families that spoil one value of an otherwise valid request: its type, its size, its depth
// or its characters.
import { jsonBytes, percentEncode, type Draft, type Slot } from '../draft.js';
import type { Prng } from '../prng.js';
import { pickSlot } from '../valid.js';
import {
  DANGEROUS,
  DEPTHS,
  JSON_NUMBERS,
  NON_OBJECT_BODIES,
  QUERY_NUMBERS,
  RAW_JSON_STRINGS,
  RAW_URL_PIECES,
  SIZES,
  UNICODE_TEXT,
  WRONG_TYPES,
} from '../values.js';

function bodyTypes(draft: Draft, slot: Slot, rng: Prng): void {
  const variant = rng.pick(['wrong-type', 'json-number', 'non-object', 'missing', 'extra']);
  if (variant === 'wrong-type') {
    const value = rng.pick(WRONG_TYPES);
    draft.setRaw(slot, jsonBytes(value));
    return draft.describe('type:body-wrong-type', `${slot.name}: ${jsonBytes(value)}`);
  }
  if (variant === 'json-number') {
    const token = rng.pick(JSON_NUMBERS);
    draft.setRaw(slot, token);
    return draft.describe('type:body-number', `${slot.name}: ${token.slice(0, 20)}`);
  }
  if (variant === 'non-object') {
    draft.rawBody = rng.pick(NON_OBJECT_BODIES);
    return draft.describe('type:body-not-object', `body ${draft.rawBody.slice(0, 30)}`);
  }
  if (variant === 'missing') {
    draft.fields.splice(0, draft.fields.length);
    return draft.describe('type:body-empty-object', 'body {}');
  }
  const extra = rng.pick(['"extra":1', '"__proto__":{"admin":true}', '"constructor":{}']);
  draft.fields.push(extra.split(/:(.*)/s).slice(0, 2) as [string, string]);
  draft.describe('type:body-extra-member', extra);
}

function urlTypes(draft: Draft, slot: Slot, rng: Prng): void {
  const variant = rng.pick(['array', 'bracket', 'number', 'empty', 'bare']);
  const name = slot.name;
  if (slot.kind === 'path' || variant === 'number') {
    const number = rng.pick(QUERY_NUMBERS);
    draft.setRaw(slot, percentEncode(number));
    return draft.describe('type:number', `${name}=${number.slice(0, 20)}`);
  }
  if (variant === 'array') {
    draft.query.push([name, 'b'], [`${name}[]`, 'c']);
    return draft.describe('type:query-array', `${name}=…&${name}=b&${name}[]=c`);
  }
  if (variant === 'bracket') {
    const at = draft.query.findIndex(([k]) => k === name);
    if (at >= 0) draft.query.splice(at, 1);
    draft.query.push([`${name}[a]`, '1'], [`${name}[b][c]`, '2']);
    return draft.describe('type:query-object', `${name}[a]=1&${name}[b][c]=2`);
  }
  if (variant === 'empty') {
    draft.setRaw(slot, '');
    return draft.describe('type:query-empty', `${name}=`);
  }
  const at = draft.query.findIndex(([k]) => k === name);
  if (at >= 0) draft.query.splice(at, 1);
  draft.query.push([name, null]);
  draft.describe('type:query-bare-key', `?${name}`);
}

/** Wrong JSON types, numbers that are not quite numbers, arrays and objects in the query. */
export function types(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  if (slot.kind === 'body') bodyTypes(draft, slot, rng);
  else urlTypes(draft, slot, rng);
}

function boundaryLengths(slot: Slot): number[] {
  const { minLength, maxLength } = slot.schema;
  const out: number[] = [];
  if (minLength !== undefined) out.push(minLength - 1, minLength);
  if (maxLength !== undefined) out.push(maxLength, maxLength + 1);
  return out.filter((n) => n >= 0);
}

function sizedValue(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  const { minimum, maximum } = slot.schema;
  if (slot.kind !== 'body' && (minimum !== undefined || maximum !== undefined) && rng.chance(0.5)) {
    const bounds = [minimum, maximum].filter((n): n is number => n !== undefined);
    const value = rng.pick(bounds) + rng.pick([-1, 0, 1]);
    draft.setRaw(slot, String(value));
    return draft.describe('size:number-bound', `${slot.name}=${value}`);
  }
  const length = rng.pick([...SIZES, ...boundaryLengths(slot)]);
  const unit = rng.pick(['a', 'é', '€', '😀', ' ', '0']);
  draft.setText(slot, unit.repeat(length));
  draft.describe(`size:${length >= 1_000 ? 'long' : 'short'}`, `${slot.name}: '${unit}'×${length}`);
}

function manyParams(draft: Draft, rng: Prng): void {
  const count = rng.pick([50, 500, 2_000, 10_000]);
  for (let i = 0; i < count; i++) draft.query.push([`p${i}`, '1']);
  draft.describe('size:many-params', `${count} query parameters`);
}

/** A body of exactly 64 KiB or one byte over the limit. */
function bodyAtLimit(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  if (slot.kind !== 'body') return sizedValue(draft, rng);
  draft.setRaw(slot, '""');
  const total = 64 * 1024 + rng.pick([-1, 0, 1]);
  const pad = total - (draft.bodyBytes()?.length ?? 0);
  draft.setRaw(slot, `"${'a'.repeat(Math.max(0, pad))}"`);
  draft.describe('size:body-limit', `body of ${total} bytes`);
}

function longPath(draft: Draft, rng: Prng): void {
  const length = rng.pick([100, 101, 200, 1_000, 10_000]);
  const param = draft.operation.params.find((p) => p.in === 'path');
  if (param) draft.pathValues.set(param.name, 'a'.repeat(length));
  else draft.target = `${draft.path()}/${'a'.repeat(length)}`;
  draft.describe('size:long-path', `path segment of ${length} chars`);
}

/** Values of every length from empty over the schema's bounds to past the body limit. */
export function sizes(draft: Draft, rng: Prng): void {
  const variant = rng.weighted({
    value: 6,
    params: 2,
    body: draft.operation.body ? 2 : 0,
    path: 1,
  });
  if (variant === 'value') sizedValue(draft, rng);
  else if (variant === 'params') manyParams(draft, rng);
  else if (variant === 'body') bodyAtLimit(draft, rng);
  else longPath(draft, rng);
}

function nested(depth: number, shape: string): string {
  if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`;
}

/** Deep arrays and objects in a body member, as the whole body, or as query brackets. */
export function nesting(draft: Draft, rng: Prng): void {
  const depth = rng.pick(DEPTHS);
  const shape = rng.pick(['array', 'object', 'mixed']);
  const slot = pickSlot(draft.operation, rng);
  if (slot.kind === 'body') {
    draft.setRaw(slot, nested(depth, shape));
    return draft.describe('nesting:deep-json', `${slot.name}: ${shape} depth ${depth}`);
  }
  if (draft.operation.body || rng.chance(0.3)) {
    // A route without a body gets one too: the parser may read it all the same.
    if (!draft.operation.body) draft.header('Content-Type', 'application/json');
    draft.rawBody = nested(depth, shape);
    return draft.describe('nesting:deep-json-body', `whole body: ${shape} depth ${depth}`);
  }
  const brackets = Math.min(depth, 2_000);
  draft.query.push([`${slot.name}${'[a]'.repeat(brackets)}`, '1']);
  draft.describe('nesting:query-brackets', `${slot.name}[a]×${brackets}`);
}

export function unicodeText(draft: Draft, slot: Slot, name: string, text: string, rng: Prng): void {
  const embedded = rng.pick([text, `bakkerij${text}`, `${text}example.nl`]);
  draft.setText(slot, embedded);
  draft.describe(`unicode:${name}`, `${slot.name} (${slot.kind}) with ${name}`);
}

export function unicodeRaw(draft: Draft, slot: Slot, raw: string, rng: Prng): void {
  if (slot.kind === 'body') {
    draft.setRaw(slot, raw);
    return draft.describe(`unicode:json ${raw}`, `${slot.name}: ${raw}`);
  }
  draft.setRaw(slot, rng.pick([raw, `bakkerij${raw}`, `${raw}example.nl`]));
  draft.describe(`unicode:url ${raw}`, `${slot.name} (${slot.kind}) with ${raw}`);
}

/**
 * Emoji, RTL, combining marks, NUL and friends as text; invalid UTF-8 and escapes as bytes.
 * A third of the cases draw from the classes that broke services before ({@link DANGEROUS}).
 */
export function unicode(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  const dangerous = rng.chance(0.33);
  const texts = dangerous ? DANGEROUS.text : UNICODE_TEXT;
  if (rng.chance(0.5)) {
    const name = rng.pick(Object.keys(texts));
    return unicodeText(draft, slot, name, texts[name], rng);
  }
  const pools = dangerous ? DANGEROUS : { url: RAW_URL_PIECES, json: RAW_JSON_STRINGS };
  unicodeRaw(draft, slot, rng.pick(slot.kind === 'body' ? pools.json : pools.url), rng);
}
