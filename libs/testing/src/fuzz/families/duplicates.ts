// Things said twice, or credentials said oddly: duplicate query keys and JSON members, two keys,
// a key in both headers, and Authorization schemes the gateway does not speak.
import type { Draft } from '../draft.js';
import type { Prng } from '../prng.js';
import { pickSlot, unknownKey, type FuzzContext } from '../valid.js';

function duplicateQuery(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  const name = slot.kind === 'query' ? slot.name : 'page';
  const current = draft.query.find(([k]) => k === name)?.[1] ?? '1';
  draft.query.push([name, rng.pick([current, '2', ''])]);
  draft.describe('dup:query-key', `${name} twice`);
}

function duplicateMember(draft: Draft, rng: Prng): void {
  const slot = pickSlot(draft.operation, rng);
  if (slot.kind !== 'body') return duplicateQuery(draft, rng);
  const key = JSON.stringify(slot.name);
  draft.fields.push([key, rng.pick(['"second@example.nl"', '1', 'null', '{}'])]);
  draft.describe('dup:json-member', `${slot.name} twice`);
}

const ODD_AUTHORIZATION = [
  (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
  () => 'Bearer',
  () => 'Bearer ',
  (key: string) => `Bearer ${key} extra`,
  (key: string) => `bearer ${key}`,
  (key: string) => `BEARER\t${key}`,
  (key: string) => `Token ${key}`,
  (key: string) => `Bearer ${key}, Bearer ${key}`,
  () =>
    'Negotiate YIIBhgYGKwYBBQUCoIIBejCCAXagMDAuBgkqhkiC9xIBAgIGCSqGSIb3EgECAgYKKwYBBAGCNwICHgYKKwYBBAGCNwICCg==',
  () => `Bearer ${'x'.repeat(8_000)}`,
  (key: string) => `Bearer ${key.toUpperCase()}`,
];

type Variant = (draft: Draft, rng: Prng, key: string) => void;

const CREDENTIAL_VARIANTS: Record<string, Variant> = {
  'dup:two-api-keys': (draft, rng, key) => {
    draft.header('X-Api-Key', key);
    draft.header('X-Api-Key', rng.pick([key, unknownKey(rng)]));
  },
  'dup:api-key-and-bearer': (draft, rng, key) => {
    draft.header('X-Api-Key', key);
    draft.header('Authorization', `Bearer ${rng.pick([key, unknownKey(rng)])}`);
  },
  'dup:two-authorization': (draft, _rng, key) => {
    draft.header('Authorization', `Bearer ${key}`);
    draft.header('Authorization', `Bearer ${key}`);
  },
  'dup:odd-authorization': (draft, rng, key) => {
    draft.header('Authorization', rng.pick(ODD_AUTHORIZATION)(key));
  },
  'dup:two-content-types': (draft) => {
    draft.header('Content-Type', 'text/plain');
  },
  'dup:two-admin-tokens': (draft, rng) => {
    draft.header('X-Admin-Token', rng.string(30));
  },
};

/** Duplicate keys, members and headers, and odd credentials. */
export function duplicates(draft: Draft, rng: Prng, ctx: FuzzContext): void {
  const roll = rng.next();
  if (roll < 0.2) return duplicateQuery(draft, rng);
  if (roll < 0.35 && draft.operation.body) return duplicateMember(draft, rng);
  const tag = rng.pick(Object.keys(CREDENTIAL_VARIANTS));
  // The case's own credentials give way to the ones under test, except for the second-header
  // variants, which add to them.
  if (!['dup:two-content-types', 'dup:two-admin-tokens'].includes(tag)) {
    draft.dropHeader('X-Api-Key');
    draft.dropHeader('Authorization');
    draft.query.splice(0, draft.query.length, ...draft.query.filter(([k]) => k !== 'api_key'));
    draft.secret = undefined;
  }
  const key = rng.pick(ctx.keys);
  CREDENTIAL_VARIANTS[tag](draft, rng, key);
  const last = draft.headers[draft.headers.length - 1];
  draft.describe(tag, `${last[0]}: ${last[1].slice(0, 40)}`);
}
