import type { SbiSourceRow } from '../sbi/sbi.types.js';
import { deriveSuccessors, parseNacePairs } from './sbi2008.mapper.js';

// Real rows of the shipped files (data/sbi2008.json, data/nace2-nace21.json), cut to three groups.
const row = (code: string, level: SbiSourceRow['level']): SbiSourceRow => ({
  code,
  level,
  depth: code.length,
  parent: code.slice(0, -1),
  section: 'C',
  title_nl: code,
  title_en: code,
});
const ROWS = [
  row('1011', 'class'),
  row('1012', 'class'),
  row('3321', 'class'),
  row('3322', 'class'),
  row('3520', 'class'),
  row('4668', 'class'),
  row('4669', 'class'),
  row('6311', 'class'),
  row('63111', 'subclass'),
];
const PAIRS = [
  { nace2: '10.11', nace21: '10.11' },
  { nace2: '10.12', nace21: '10.12' },
  { nace2: '33.20', nace21: '33.20' },
  { nace2: '35.21', nace21: '35.21' },
  { nace2: '35.22', nace21: '35.22' },
  { nace2: '35.23', nace21: '35.23' },
  { nace2: '35.23', nace21: '35.40' },
  { nace2: '46.61', nace21: '46.61' },
  { nace2: '46.69', nace21: '46.64' },
  { nace2: '63.11', nace21: '60.20' },
  { nace2: '63.11', nace21: '60.39' },
  { nace2: '63.11', nace21: '63.10' },
];

describe(deriveSuccessors.name, () => {
  const sut = deriveSuccessors(ROWS, PAIRS);

  it('should go through the NACE twin of a class, one to one', () => {
    expect(sut.get('1011')).toEqual({
      mapping: 'derived_via_nace',
      nace2: ['10.11'],
      classes: [{ code: '1011', mappingType: 'one_to_one' }],
    });
  });

  it('should mark a split one_to_many', () => {
    expect(sut.get('6311')?.classes).toEqual([
      { code: '6020', mappingType: 'one_to_many' },
      { code: '6039', mappingType: 'one_to_many' },
      { code: '6310', mappingType: 'one_to_many' },
    ]);
  });

  it('should place a Dutch class through its NACE group’s only class, many to one', () => {
    for (const code of ['3321', '3322'])
      expect(sut.get(code)).toEqual({
        mapping: 'derived_via_nace_group',
        nace2: ['33.20'],
        classes: [{ code: '3320', mappingType: 'many_to_one' }],
      });
  });

  it('should take the whole NACE group for the only SBI class of its group', () => {
    expect(sut.get('3520')).toMatchObject({
      mapping: 'derived_via_nace_group',
      nace2: ['35.21', '35.22', '35.23'],
    });
    expect(sut.get('3520')?.classes.map((c) => c.code)).toEqual(['3521', '3522', '3523', '3540']);
  });

  it('should name nothing for a Dutch class its NACE group cannot place', () => {
    expect(sut.get('4668')).toEqual({ mapping: 'none', nace2: [], classes: [] });
  });

  it('should derive classes only, not subclasses', () => {
    expect(sut.has('63111')).toBe(false);
  });
});

describe(parseNacePairs.name, () => {
  it('should read pairs and refuse a row that is not a pair of classes', () => {
    expect(parseNacePairs(JSON.stringify(PAIRS))).toEqual(PAIRS);
    expect(() => parseNacePairs('[{"nace2":"10.1","nace21":"10.11"}]')).toThrow(/row 0/);
    expect(() => parseNacePairs('{}')).toThrow(/not a JSON array/);
  });
});
