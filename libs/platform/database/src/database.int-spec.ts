import { BACKING, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { runMigrations } from './migrate.js';

function featureFor(schema: string) {
  const stamp = Date.now();
  class CreateCounter implements MigrationInterface {
    name = `CreateCounter${stamp}`;
    async up(db: QueryRunner) {
      await db.query(`CREATE SCHEMA ${schema}`);
      await db.query(`CREATE TABLE ${schema}.counter (id int PRIMARY KEY, n int NOT NULL)`);
      await db.query(`INSERT INTO ${schema}.counter VALUES (1, 0)`);
    }
    async down(db: QueryRunner) {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
    }
  }
  return { entities: [], migrations: [CreateCounter] };
}

describe.each(['standalone', 'distributed'] as const)('database (%s profile)', (profile) => {
  const config = testConfig('db-test', profile);
  const embedded = config.database.kind === 'pglite';
  const schema = `dbtest_${randomUUID().slice(0, 8)}`;
  const feature = featureFor(schema);
  const sources: DataSource[] = [];

  async function open(): Promise<DataSource> {
    const source = await new DataSource(
      await dataSourceOptions(config.database, [feature]),
    ).initialize();
    sources.push(source);
    return source;
  }

  afterAll(async () => {
    if (!embedded) {
      await sources[0]?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sources[0]?.query(`DELETE FROM typeorm_migrations WHERE name LIKE 'CreateCounter%'`);
    }
    for (const source of sources) await source.destroy();
  });

  it(`should apply each migration once (${profile === 'distributed' ? BACKING : 'PGlite'})`, async () => {
    const source = await open();
    expect(await runMigrations(source, embedded)).toEqual([
      expect.stringMatching(/^CreateCounter\d{13}$/),
    ]);
    expect(await runMigrations(source, embedded)).toEqual([]);
  });

  if (!embedded) {
    it('should let replicas that start together migrate one after the other', async () => {
      const fresh = featureFor(`${schema}_b`);
      const replicas = await Promise.all(
        [0, 1, 2].map(async () =>
          new DataSource(await dataSourceOptions(config.database, [fresh])).initialize(),
        ),
      );
      sources.push(...replicas);
      const applied = await Promise.all(replicas.map((r) => runMigrations(r, false)));
      expect(applied.flat()).toHaveLength(1);
      await replicas[0].query(`DROP SCHEMA ${schema}_b CASCADE`);
    });
  }

  it('should not lose updates under concurrent read-modify-write transactions', async () => {
    const source = sources[0] ?? (await open());
    await Promise.all(
      Array.from({ length: 20 }, () =>
        source.transaction(async (db) => {
          const [row] = (await db.query(
            `SELECT n FROM ${schema}.counter WHERE id = 1 FOR UPDATE`,
          )) as { n: number }[];
          await new Promise((r) => setTimeout(r, 2));
          await db.query(`UPDATE ${schema}.counter SET n = $1 WHERE id = 1`, [row.n + 1]);
        }),
      ),
    );
    expect(await source.query(`SELECT n FROM ${schema}.counter`)).toEqual([{ n: 20 }]);
  });
});
