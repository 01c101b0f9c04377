import { closeDatabase, openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import type { DataSource } from 'typeorm';
import { dateArray, int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.js';

// The binary arrays against the database that reads them: each must arrive as the same values
// its text form gives (PGlite in the embedded profile; PostgreSQL when the URLs are set).
describe.each(['standalone', 'distributed'] as const)('binary arrays (%s profile)', (profile) => {
  let db: DataSource;
  beforeAll(async () => {
    db = await openDatabase(testConfig('binary-arrays-test', profile).database, []);
  });
  afterAll(() => closeDatabase(db));

  /** The array as the server read it, printed by the server. */
  async function read(sql: string, value: Buffer): Promise<string> {
    const [row] = (await db.query(`SELECT (${sql})::text AS v`, [value])) as { v: string }[];
    return row.v;
  }

  it('should carry uuids, with NULLs', async () => {
    const ids = ['0b6f4c1e-96f0-4a7c-8a31-2d2f4b1a9c00', 'FFFFFFFF-0000-4000-8000-00000000000A'];
    expect(await read('$1::uuid[]', uuidArray([ids[0], null, ids[1], undefined]))).toBe(
      `{${ids[0]},NULL,${ids[1].toLowerCase()},NULL}`,
    );
    const valid = '0b6f4c1e-96f0-4a7c-8a31-2d2f4b1a9c00';
    for (const bad of [
      'not-a-uuid',
      valid.replace('-96f0', '96f0-'), // a dash out of place
      valid.replace('0b', 'g0'), // not a hex digit
      valid.replace('0b', '0\u00e9'), // outside ASCII
      valid.replace(/-/g, ''), // no dashes
      `${valid}0`,
    ])
      expect(() => uuidArray([bad])).toThrow(TypeError);
  });

  it('should carry text of any script, and the empty string', async () => {
    const texts = [
      'cbs.sbi.code',
      '',
      'Ontwerpen van computerprogramma’s',
      '🚗 "quoted", {braced}',
    ];
    const [row] = (await db.query('SELECT $1::text[] AS v', [textArray(texts)])) as {
      v: string[];
    }[];
    expect(row.v).toEqual(texts);
  });

  it('should carry whole numbers up to the safe range, and refuse others', async () => {
    const numbers = [0, -1, 10, 2 ** 53 - 1, -(2 ** 53 - 1)];
    expect(await read('$1::int8[]', int8Array(numbers))).toBe(`{${numbers.join(',')}}`);
    expect(() => int8Array([1.5])).toThrow(TypeError);
  });

  it('should carry instants to the millisecond, before and after 2000', async () => {
    const instants = [
      '2026-11-24T21:59:59.999Z',
      '1999-12-31T23:59:59.001Z',
      '2000-01-01T00:00:00.000Z',
    ];
    const [row] = (await db.query(
      `SELECT array(SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                      FROM unnest($1::timestamptz[]) t) AS v`,
      [timestamptzArray(instants.map((iso) => new Date(iso)))],
    )) as { v: string[] }[];
    expect(row.v).toEqual(instants);
  });

  it('should carry calendar days, with NULLs', async () => {
    expect(
      await read('$1::date[]', dateArray(['2026-11-24', null, '1999-12-31', '2000-02-29'])),
    ).toBe('{2026-11-24,NULL,1999-12-31,2000-02-29}');
    expect(() => dateArray(['24-11-2026'])).toThrow(TypeError);
  });

  it('should carry an empty array', async () => {
    expect(await read('$1::uuid[]', uuidArray([]))).toBe('{}');
  });
});
