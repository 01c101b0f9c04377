import { readFileSync } from 'node:fs';

type Table = Readonly<Record<string, string>>;

const read = (file: string): Table =>
  JSON.parse(readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8')) as Table;

let names: Table | undefined;
let woonplaatsen: Table | undefined;

/** CBS's municipalities on 1 January 2026: code (4 digits) → name (data/PROVENANCE.md). */
export function municipalityNames(): Table {
  names ??= read('cbs-gemeenten-2026.json');
  return names;
}

/** CBS's woonplaatsen: BAG woonplaats code → the code of the municipality it lies in. */
export function woonplaatsMunicipalities(): Table {
  woonplaatsen ??= read('cbs-woonplaatsen-gemeente.json');
  return woonplaatsen;
}

const own = (table: Table, key: string | null | undefined) =>
  key && Object.hasOwn(table, key) ? table[key] : undefined;

/** CBS's name of a current municipality code (`0344` → `Utrecht`), null for any other code. */
export function municipalityName(code: string | null | undefined): string | null {
  return own(municipalityNames(), code) ?? null;
}

/**
 * The municipality of a BAG address that only BAG answered (BAG's address carries none). A
 * woonplaats lies in one municipality, so its code decides, also after mergers (Klaaswaal,
 * woonplaats 2371, is in Hoeksche Waard since 2019). A woonplaats newer than the table falls back
 * to the first four digits of the nummeraanduiding id: the code of the municipality that issued
 * it, right unless it has merged since, and then no longer a current code, so null.
 */
export function municipalityOfBagAddress(woonplaatsId: string, nummeraanduidingId: string) {
  const code = own(woonplaatsMunicipalities(), woonplaatsId) ?? nummeraanduidingId.slice(0, 4);
  return municipalityName(code);
}
