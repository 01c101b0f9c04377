import { dataSourceOptions, runMigrations } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { DataSource } from 'typeorm';
import { GATEWAY_DATABASE } from '../gateway.database.js';

describe.each(['standalone', 'distributed'] as const)('gateway schema (%s profile)', (profile) => {
  const config = testConfig('schema-test', profile);
  let db: DataSource;
  beforeAll(async () => {
    db = await new DataSource(
      await dataSourceOptions(config.database, [GATEWAY_DATABASE]),
    ).initialize();
    await runMigrations(db, config.database.kind === 'pglite');
  });
  afterAll(() => db.destroy());

  it('should have entities that match the committed migrations exactly', async () => {
    const pending = await db.driver.createSchemaBuilder().log();
    const gw = pending.upQueries.map((q) => q.query).filter((q) => q.includes('"gw"'));
    expect(gw).toEqual([]);
  });
});
