import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ndw schema: one table per imported NDW file, every row tagged with the generation of the
 * version it belongs to, and `ndw.dataset` naming the generation in use per dataset (see
 * `VersionedTable`: a refresh stages a generation, then moves the pointer atomically).
 */
export class NdwInit1764000000000 implements MigrationInterface {
  name = 'NdwInit1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE SCHEMA IF NOT EXISTS ndw');
    await db.query('CREATE SEQUENCE ndw.dataset_generation');
    await db.query(`
      CREATE TABLE ndw.dataset (
        name       text PRIMARY KEY,
        generation integer NOT NULL,
        version    text NOT NULL,
        rows       integer NOT NULL,
        source     text NOT NULL,
        loaded_at  timestamptz NOT NULL,
        validators jsonb NULL
      )`);
    await db.query(`
      CREATE TABLE ndw.charge_point (
        generation   integer NOT NULL,
        id           text NOT NULL,
        city_key     text NULL,
        postcode_key text NULL,
        operator_key text NULL,
        lat          double precision NOT NULL,
        lon          double precision NOT NULL,
        max_power_kw double precision NULL,
        standards    text[] NOT NULL,
        available    integer NOT NULL,
        item         json NOT NULL,
        PRIMARY KEY (generation, id)
      )`);
    await db.query('CREATE INDEX charge_point_near_idx ON ndw.charge_point (generation, lat, lon)');
    await db.query('CREATE INDEX charge_point_city_idx ON ndw.charge_point (generation, city_key)');
    await db.query(
      'CREATE INDEX charge_point_postcode_idx ON ndw.charge_point (generation, postcode_key text_pattern_ops)',
    );
    await db.query(`
      CREATE TABLE ndw.truck_parking_site (
        generation integer NOT NULL,
        id         text NOT NULL,
        road       text NULL,
        roads      text[] NOT NULL,
        site       jsonb NOT NULL,
        PRIMARY KEY (generation, id)
      )`);
    await db.query(`
      CREATE TABLE ndw.truck_parking_status (
        generation  integer NOT NULL,
        id          text NOT NULL,
        status      text NOT NULL,
        vacant      integer NULL,
        origin_time timestamptz NULL,
        occupancy   jsonb NOT NULL,
        PRIMARY KEY (generation, id)
      )`);
    await db.query(`
      CREATE TABLE ndw.emission_zone (
        generation integer NOT NULL,
        id         text NOT NULL,
        city_key   text NULL,
        categories text[] NOT NULL,
        zone       jsonb NOT NULL,
        conditions jsonb NOT NULL,
        PRIMARY KEY (generation, id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP SCHEMA ndw CASCADE');
  }
}
