import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseSbiSnapshot } from '../sbi/sbi.mapper.js';
import { SBI_SNAPSHOT } from '../sbi/sbi.dataset.js';
import { NACE_PAIRS_FILE, SBI2008_FILE, readSbi2008 } from './sbi2008.dataset.js';
import type { Sbi2008Data } from './sbi2008.dataset.js';

const PROVENANCE = readFileSync(new URL('../../data/PROVENANCE.md', import.meta.url), 'utf8');
const sha256 = (file: URL) => createHash('sha256').update(readFileSync(file)).digest('hex');
const count = <T>(items: Iterable<T>, key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

// The shipped SBI 2008 data and its way to SBI 2025: a replaced file that changes what the API
// answers fails here first.
describe('the shipped SBI 2008 data', () => {
  let data: Sbi2008Data;
  const sbi2025 = parseSbiSnapshot(readFileSync(SBI_SNAPSHOT, 'utf8'));
  const subclassesOf = count(
    sbi2025.filter((r) => r.level === 'subclass'),
    (r) => r.parent ?? '',
  );
  beforeAll(async () => {
    data = await readSbi2008();
  });

  it.each([
    ['sbi2008.json', SBI2008_FILE],
    ['nace2-nace21.json', NACE_PAIRS_FILE],
    ['sbi2025.json', SBI_SNAPSHOT],
  ])('should ship %s with the sha256 its provenance names', (name, file) => {
    const stated = PROVENANCE.split(`sha256 of \`${name}\`: \``)[1]?.slice(0, 64);
    expect(stated).toBe(sha256(file));
  });

  it('should hold the 1,455 codes of SBI 2008 update 2019, each level counted', () => {
    expect(count(data.rows, (r) => r.level)).toEqual({
      section: 21,
      division: 86,
      group: 266,
      class: 604,
      subclass: 478,
    });
  });

  it('should hold all 940 class pairs of Eurostat’s table', async () => {
    const pairs = JSON.parse(readFileSync(NACE_PAIRS_FILE, 'utf8')) as {
      nace2: string;
      nace21: string;
    }[];
    expect(pairs).toHaveLength(940);
    expect(new Set(pairs.map((p) => p.nace2)).size).toBe(615);
    expect(new Set(pairs.map((p) => p.nace21)).size).toBe(650);
  });

  it('should route 593 classes through their NACE twin, 8 through their group and 3 nowhere', () => {
    const derivations = [...data.derivations.values()];
    expect(count(derivations, (d) => d.mapping)).toEqual({
      derived_via_nace: 593,
      derived_via_nace_group: 8,
      none: 3,
    });
    const unplaced = [...data.derivations].filter(([, d]) => d.mapping === 'none');
    expect(unplaced.map(([code]) => code)).toEqual(['4668', '9314', '9315']);
  });

  it('should lead every class with a NACE route to SBI 2025 classes that have subclasses', () => {
    const dead = [...data.derivations].filter(
      ([, d]) =>
        d.mapping !== 'none' &&
        (d.classes.length === 0 || d.classes.some((c) => !subclassesOf[c.code])),
    );
    expect(dead).toEqual([]);
  });

  it('should pin the mapping types of the 933 class pairs', () => {
    const pairs = [...data.derivations.values()].flatMap((d) => d.classes);
    expect(count(pairs, (c) => c.mappingType)).toEqual({
      one_to_one: 340,
      one_to_many: 130,
      many_to_one: 132,
      many_to_many: 331,
    });
  });

  it('should map the classes of the recorded KVK answers as Eurostat does', () => {
    const classes = (code: string) => data.derivations.get(code)?.classes.map((c) => c.code);
    expect(classes('1011')).toEqual(['1011']);
    expect(classes('6201')).toEqual(['6210']);
    expect(classes('9499')).toEqual(['9499']);
    expect(classes('6311')).toEqual(['6020', '6039', '6310']);
  });
});
