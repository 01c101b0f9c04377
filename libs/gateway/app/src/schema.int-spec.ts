import { openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import type { DataSource } from 'typeorm';
import { GATEWAY_DATABASE } from './gateway.database.js';

describe.each(['standalone', 'distributed'] as const)('gateway schema (%s profile)', (profile) => {
  let db: DataSource;
  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', profile).database, [
      GATEWAY_DATABASE,
    ]);
  });
  afterAll(() => db.destroy());

  it('should have entities that match the committed migrations exactly', async () => {
    const pending = await db.driver.createSchemaBuilder().log();
    const gw = pending.upQueries.map((q) => q.query).filter((q) => q.includes('"gw"'));
    expect(gw).toEqual([]);
  });
});
