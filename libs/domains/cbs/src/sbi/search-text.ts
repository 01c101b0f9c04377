/**
 * Lower case without diacritics, so `Café`, `cafe` and `CAFÉ` compare equal in the trigram and
 * substring searches, in Postgres and PGlite alike (no `unaccent` extension needed).
 */
export function searchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
