import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'nlk_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base-62 characters ≈ 190 random bits (the issue asks for at least 128). */
const SECRET_LENGTH = 32;
/** Characters of the secret shown in listings, enough to tell keys apart. */
const VISIBLE = 6;

/** A new API key: shown once to its owner, stored only as {@link hashApiKey}. */
export function generateApiKey(): string {
  // Rejection sampling keeps every character equally likely.
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62];
    }
  }
  return `${PREFIX}${secret}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What listings show of a key: `nlk_live_ab12cd…`. */
export function visiblePrefix(key: string): string {
  return `${key.slice(0, PREFIX.length + VISIBLE)}…`;
}

/** A cheap shape check before any lookup. */
export function looksLikeApiKey(value: string): boolean {
  return (
    value.length === PREFIX.length + SECRET_LENGTH &&
    value.startsWith(PREFIX) &&
    /^[0-9A-Za-z]+$/.test(value.slice(PREFIX.length))
  );
}
