import { hash, randomBytes } from 'node:crypto';

/**
 * Live keys (`nlk_live_…`) reach the real upstreams and are charged; test keys (`nlk_test_…`)
 * get the sandbox: recorded data, never charged.
 */
export type KeyMode = 'live' | 'test';
export const KEY_MODES: readonly KeyMode[] = ['live', 'test'];

const PREFIXES: Readonly<Record<KeyMode, string>> = { live: 'nlk_live_', test: 'nlk_test_' };
/** Both prefixes have this length. */
const PREFIX_LENGTH = 9;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base-62 characters ≈ 190 random bits (the issue asks for at least 128). */
const SECRET_LENGTH = 32;
/** Characters of the secret shown in listings, enough to tell keys apart. */
const VISIBLE = 6;

/** A new API key: shown once to its owner, stored only as {@link hashApiKey}. */
export function generateApiKey(mode: KeyMode = 'live'): string {
  // Rejection sampling keeps every character equally likely.
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62];
    }
  }
  return `${PREFIXES[mode]}${secret}`;
}

/** The key's SHA-256 in hex, as stored: one-shot `crypto.hash`, a third of a Hash object's cost. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** What listings show of a key: `nlk_live_ab12cd…`. */
export function visiblePrefix(key: string): string {
  return `${key.slice(0, PREFIX_LENGTH + VISIBLE)}…`;
}

/** Whether a key (or its visible prefix) is a live or a test key; null for neither. */
export function keyModeOf(key: string): KeyMode | null {
  return KEY_MODES.find((mode) => key.startsWith(PREFIXES[mode])) ?? null;
}

/** A cheap shape check before any lookup. */
export function looksLikeApiKey(value: string): boolean {
  return (
    value.length === PREFIX_LENGTH + SECRET_LENGTH &&
    keyModeOf(value) !== null &&
    /^[0-9A-Za-z]+$/.test(value.slice(PREFIX_LENGTH))
  );
}
