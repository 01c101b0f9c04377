import { jest } from '@jest/globals';
import { closeDatabase, openDatabase } from '@nl/platform-database';
import { FileServer, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { readLines } from './download.js';
import { TableDataset, type TableDatasetDefinition } from './table-dataset.js';
import { VersionedTable } from './versioned-table.js';

interface Row {
  readonly id: string;
}

function featureFor(schema: string) {
  class CreateTables implements MigrationInterface {
    name = `CreateTables${Date.now()}`;
    async up(db: QueryRunner) {
      await db.query(`CREATE SCHEMA ${schema}`);
      await db.query(`CREATE SEQUENCE ${schema}.dataset_generation`);
      await db.query(`CREATE TABLE ${schema}.dataset (name text PRIMARY KEY, generation integer NOT NULL,
        version text NOT NULL, rows integer NOT NULL, source text NOT NULL, loaded_at timestamptz NOT NULL,
        validators jsonb NULL)`);
      await db.query(`CREATE TABLE ${schema}.item (generation integer NOT NULL, id text NOT NULL)`);
    }
    async down(db: QueryRunner) {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
    }
  }
  return { entities: [], migrations: [CreateTables] };
}

const lines = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}`).join('\n');

/** One id per line; `slow` waits between rows so a test can read while a version is staged. */
function definition(slow = false): TableDatasetDefinition<Row> {
  return {
    name: 'ids',
    async *rows(body) {
      for await (const line of readLines(body)) {
        if (line === 'boom') throw new Error('a bad row');
        if (slow) await new Promise((resolve) => setTimeout(resolve, 1));
        if (line) yield { id: line };
      }
    },
  };
}

describe.each(['standalone', 'distributed'] as const)('TableDataset (%s profile)', (profile) => {
  const config = testConfig('dataset-test', profile);
  const schema = `dstest_${randomUUID().slice(0, 8)}`;
  let db: DataSource;
  let files: FileServer;
  let dir: string;
  let shipped: string;
  let table: VersionedTable<Row>;

  const visible = async () =>
    Number(
      (
        (await db.query(
          `SELECT count(*) AS n FROM ${schema}.item WHERE generation = ${table.current}`,
        )) as {
          n: string;
        }[]
      )[0].n,
    );
  const stored = async () =>
    Number(((await db.query(`SELECT count(*) AS n FROM ${schema}.item`)) as { n: string }[])[0].n);

  beforeAll(async () => {
    db = await openDatabase(config.database, [featureFor(schema)]);
    files = await FileServer.start();
    dir = await mkdtemp(join(tmpdir(), 'table-dataset-'));
    await writeFile(join(dir, 'shipped.txt'), lines(10, 'shipped'));
    shipped = pathToFileURL(join(dir, 'shipped.txt')).href;
  });
  beforeEach(async () => {
    await db.query(`DELETE FROM ${schema}.item`);
    await db.query(`DELETE FROM ${schema}.dataset`);
    table = new VersionedTable<Row>(db, {
      name: 'ids',
      table: `${schema}.item`,
      columns: ['id'],
      pointer: `${schema}.dataset`,
      batch: 100,
    });
  });
  afterAll(async () => {
    if (config.database.kind === 'postgres') await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await closeDatabase(db);
    await files.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('should load the shipped file on a first start and keep what the database has after', async () => {
    const sut = new TableDataset(definition(), table);
    expect(await sut.start({ part: 'ids', url: shipped })).toMatchObject({ ok: true, size: 10 });
    expect(await visible()).toBe(10);
    const again = new TableDataset(definition(), table);
    expect(await again.start({ part: 'ids', url: shipped })).toMatchObject({
      ok: true,
      changed: false,
      size: 10,
    });
    expect(again.version).toBe(sut.version);
  });

  it('should not stage a local file again whose version is in use (a restart reinstalling its snapshot)', async () => {
    const first = new TableDataset(definition(), table);
    expect(await first.reinstall({ part: 'ids', url: shipped })).toMatchObject({ changed: true });
    const staging = jest.spyOn(table, 'stage');
    const restarted = new TableDataset(definition(), table);
    expect(await restarted.reinstall({ part: 'ids', url: shipped })).toMatchObject({
      ok: true,
      changed: false,
      size: 10,
    });
    expect(staging).not.toHaveBeenCalled();
    expect(restarted.version).toBe(first.version);
    // Another file is staged and published as before.
    await writeFile(join(dir, 'other.txt'), lines(12, 'other'));
    const other = pathToFileURL(join(dir, 'other.txt')).href;
    expect(await restarted.reinstall({ part: 'ids', url: other })).toMatchObject({
      changed: true,
      size: 12,
    });
    expect(staging).toHaveBeenCalledTimes(1);
    expect(await visible()).toBe(12);
  });

  it('should keep readers on the old version while a new one is staged, then swap', async () => {
    const sut = new TableDataset(definition(true), table);
    await sut.start({ part: 'ids', url: shipped });
    files.serve(lines(300, 'new'), '"v2"');
    let done = false;
    const refreshing = sut
      .refresh([{ part: 'ids', url: files.url('/ids') }])
      .finally(() => (done = true));
    const seen = new Set<number>();
    while (!done) {
      seen.add(await visible());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await refreshing).toMatchObject({ ok: true, changed: true, size: 300 });
    expect([...seen].every((n) => n === 10 || n === 300)).toBe(true);
    expect(seen.has(10)).toBe(true);
    expect(await visible()).toBe(300);
    expect(await stored()).toBe(300);
    expect(await sut.refresh([{ part: 'ids', url: files.url('/ids') }])).toMatchObject({
      ok: true,
      changed: false,
    });
  });

  it('should give a second instance (a replica, a restart) a 304 for the file the first loaded', async () => {
    const first = new TableDataset(definition(), table);
    await first.start({ part: 'ids', url: shipped });
    files.serve(lines(20, 'r'), '"replica"');
    expect(await first.refresh([{ part: 'ids', url: files.url('/ids') }])).toMatchObject({
      changed: true,
    });
    const second = new TableDataset(definition(), table);
    await second.start({ part: 'ids', url: shipped });
    expect(await second.refresh([{ part: 'ids', url: files.url('/ids') }])).toMatchObject({
      ok: true,
      changed: false,
      size: 20,
    });
    expect(files.seen.at(-1)?.headers['if-none-match']).toBe('"replica"');
  });

  it.each<[string, string, RegExp]>([
    ['a row that fails to parse', `${lines(50, 'x')}\nboom\n${lines(50, 'y')}`, /a bad row/],
    ['a file under half the rows in use', lines(4, 'few'), /floor of 5/],
  ])(
    'should drop the staged rows and keep the version in use after %s',
    async (_what, body, reason) => {
      const sut = new TableDataset(definition(), table);
      await sut.start({ part: 'ids', url: shipped });
      files.serve(body, `"${randomUUID()}"`);
      expect(await sut.refresh([{ part: 'ids', url: files.url('/ids') }])).toEqual({
        ok: false,
        reason: expect.stringMatching(reason),
      });
      expect(await visible()).toBe(10);
      expect(await stored()).toBe(10);
      expect(sut.stats()).toMatchObject({ size: 10, lastRefresh: { ok: false } });
    },
  );

  it('should not publish a generation older than the one in use (replicas racing)', async () => {
    const older = await table.stage(
      (async function* () {
        yield { id: 'a' };
      })(),
    );
    const newer = await table.stage(
      (async function* () {
        yield { id: 'b' };
        yield { id: 'c' };
      })(),
    );
    const at = new Date().toISOString();
    expect(await table.publish({ ...newer, version: 'v-new', source: 'test' }, at)).toBe(true);
    expect(await table.publish({ ...older, version: 'v-old', source: 'test' }, at)).toBe(false);
    expect(await table.installed()).toMatchObject({ version: 'v-new', size: 2 });
    expect(await stored()).toBe(2);
  });
});
