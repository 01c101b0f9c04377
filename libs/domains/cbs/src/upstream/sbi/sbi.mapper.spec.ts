import { parseSbiSnapshot, snapshotProblem, toSbiCodeRows } from './sbi.mapper.js';

// Real rows of the shipped SBI 2025 snapshot (src/data/sbi2025.json), section K down to 62100.
const ROWS = [
  {
    code: 'K',
    level: 'section',
    depth: 1,
    parent: null,
    section: 'K',
    title_nl:
      'TELECOMMUNICATIE, COMPUTERPROGRAMMERING EN CONSULTANCY, INFORMATICA-INFRASTRUCTUUR EN OVERIGE ACTIVITEITEN OP HET GEBIED VAN INFORMATIEDIENSTEN',
    title_en:
      'TELECOMMUNICATION, COMPUTER PROGRAMMING, CONSULTING, COMPUTING INFRASTRUCTURE AND OTHER INFORMATION SERVICE ACTIVITIES',
  },
  {
    code: '62',
    level: 'division',
    depth: 2,
    parent: 'K',
    section: 'K',
    title_nl: 'Computerprogrammering, consultancy en aanverwante activiteiten',
    title_en: 'Computer programming, consultancy and related activities',
  },
  {
    code: '6210',
    level: 'class',
    depth: 4,
    parent: '62',
    section: 'K',
    title_nl: 'Ontwerpen van computerprogramma’s',
    title_en: 'Computer programming activities',
  },
] as const;

describe(parseSbiSnapshot.name, () => {
  it('should read the snapshot’s rows as they are', () => {
    expect(parseSbiSnapshot(JSON.stringify(ROWS))).toEqual(ROWS);
  });

  it.each([
    ['{"code":"K"}', /not a JSON array/],
    [JSON.stringify([{ ...ROWS[1], level: 'chapter' }]), /row 0 has an unknown level/],
    [JSON.stringify([ROWS[0], { ...ROWS[1], title_en: '' }]), /row 1 has a missing section/],
    [JSON.stringify([{ ...ROWS[1], code: 62 }]), /row 0 has no code/],
  ])('should refuse %s', (text, reason) => {
    expect(() => parseSbiSnapshot(text)).toThrow(reason);
  });
});

describe(toSbiCodeRows.name, () => {
  it('should keep the order and add a search text without case, accents or curly quotes', () => {
    const rows = toSbiCodeRows(ROWS);
    expect(rows.map((r) => [r.code, r.position])).toEqual([
      ['K', 0],
      ['62', 1],
      ['6210', 2],
    ]);
    expect(rows[2].search_text).toBe(
      "ontwerpen van computerprogramma's computer programming activities",
    );
  });
});

describe(snapshotProblem.name, () => {
  it('should accept a consistent tree and name a duplicate or an orphan', () => {
    expect(snapshotProblem(ROWS)).toBeNull();
    expect(snapshotProblem([...ROWS, ROWS[2]])).toBe('code 6210 is listed twice');
    expect(snapshotProblem(ROWS.slice(1))).toBe('code 62 has parent K, which is not listed');
  });
});
