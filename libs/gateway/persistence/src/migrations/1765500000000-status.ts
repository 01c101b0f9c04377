import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public status figures. `status_sample`: counts and a latency histogram per series
 * (an endpoint's cached or cold answers, an upstream's calls) and bucket; each gateway process
 * writes its own row of a fine bucket (`replica`), replaced as it grows, and the coarse rows are
 * the fine ones merged (`replica` '*'). `status_source`: what the services last said of their
 * upstreams' breakers and their datasets. `scope` keeps deployments that share a database
 * apart (STATUS_SCOPE). Neither holds anything of an account.
 */
export class Status1765500000000 implements MigrationInterface {
  name = 'Status1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.status_sample (
        scope         text NOT NULL,
        kind          text NOT NULL,
        name          text NOT NULL,
        series        text NOT NULL,
        width         integer NOT NULL,
        bucket_start  timestamptz NOT NULL,
        replica       text NOT NULL,
        requests      integer NOT NULL,
        failures      integer NOT NULL,
        refused       integer NOT NULL,
        histogram     jsonb NOT NULL,
        last_error    text NULL,
        last_error_at timestamptz NULL,
        PRIMARY KEY (scope, width, bucket_start, kind, name, series, replica)
      )`);
    await db.query(`
      CREATE TABLE gw.status_source (
        scope   text NOT NULL,
        kind    text NOT NULL,
        name    text NOT NULL,
        detail  jsonb NOT NULL,
        seen_at timestamptz NOT NULL,
        PRIMARY KEY (scope, kind, name)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gw.status_source');
    await db.query('DROP TABLE gw.status_sample');
  }
}
