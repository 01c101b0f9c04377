/**
 * Municipality names as the `city` filter compares them: case, diacritics, apostrophes, hyphens,
 * brackets and extra spaces do not count (`'s-Hertogenbosch`, `s hertogenbosch`), and a common
 * name counts as the official one NDW publishes (`Den Haag` is `'s-Gravenhage`).
 */
const normalised = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[\s\-.,()]+/g, ' ')
    .trim();

/** Common names and spellings of municipalities, by the normalised official name. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  's gravenhage': ['den haag', 'the hague', 'hague', 'la haye'],
  's hertogenbosch': ['den bosch', 'hertogenbosch', 'bois le duc'],
  'nuenen gerwen en nederwetten': ['nuenen'],
  'sudwest fryslan': ['sudwest friesland', 'zuidwest friesland'],
  // CBS adds the province where two municipalities once shared a name.
  'rijswijk zh': ['rijswijk'],
};

const CANONICAL: ReadonlyMap<string, string> = new Map(
  Object.entries(ALIASES).flatMap(([official, aliases]) =>
    [official, ...aliases].map((alias) => [alias, official] as const),
  ),
);

export function municipalityKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = normalised(name);
  if (!key) return null;
  return CANONICAL.get(key) ?? key;
}
