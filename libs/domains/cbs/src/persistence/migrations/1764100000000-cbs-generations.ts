import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SBI codes as a versioned table of platform-dataset (`VersionedTable`): every row carries the
 * generation of the snapshot it came from and `cbs.dataset` names the generation in use, so a
 * new snapshot is staged beside the old one and swapped in by moving the pointer. The rows
 * already loaded become generation 0, which the existing pointer row names.
 */
export class CbsGenerations1764100000000 implements MigrationInterface {
  name = 'CbsGenerations1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE SEQUENCE cbs.dataset_generation');
    await db.query('ALTER TABLE cbs.sbi_code ADD COLUMN generation integer NOT NULL DEFAULT 0');
    await db.query('ALTER TABLE cbs.sbi_code ALTER COLUMN generation DROP DEFAULT');
    await db.query('ALTER TABLE cbs.sbi_code DROP CONSTRAINT sbi_code_pkey');
    await db.query('ALTER TABLE cbs.sbi_code ADD PRIMARY KEY (generation, code)');
    await db.query('DROP INDEX cbs.sbi_code_parent_idx');
    await db.query('DROP INDEX cbs.sbi_code_level_idx');
    await db.query(
      'CREATE INDEX sbi_code_parent_idx ON cbs.sbi_code (generation, parent, position)',
    );
    await db.query('CREATE INDEX sbi_code_level_idx ON cbs.sbi_code (generation, level, position)');
    await db.query('CREATE INDEX sbi_code_position_idx ON cbs.sbi_code (generation, position)');
    await db.query(`ALTER TABLE cbs.dataset
      ADD COLUMN generation integer NOT NULL DEFAULT 0,
      ADD COLUMN source text NOT NULL DEFAULT 'snapshot',
      ADD COLUMN validators jsonb NULL`);
    await db.query('ALTER TABLE cbs.dataset ALTER COLUMN generation DROP DEFAULT');
    await db.query('ALTER TABLE cbs.dataset ALTER COLUMN source DROP DEFAULT');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'DELETE FROM cbs.sbi_code WHERE generation <> (SELECT generation FROM cbs.dataset LIMIT 1)',
    );
    await db.query(
      'ALTER TABLE cbs.dataset DROP COLUMN generation, DROP COLUMN source, DROP COLUMN validators',
    );
    await db.query('DROP INDEX cbs.sbi_code_position_idx');
    await db.query('DROP INDEX cbs.sbi_code_parent_idx');
    await db.query('DROP INDEX cbs.sbi_code_level_idx');
    await db.query('ALTER TABLE cbs.sbi_code DROP CONSTRAINT sbi_code_pkey');
    await db.query('ALTER TABLE cbs.sbi_code DROP COLUMN generation');
    await db.query('ALTER TABLE cbs.sbi_code ADD PRIMARY KEY (code)');
    await db.query('CREATE INDEX sbi_code_parent_idx ON cbs.sbi_code (parent, position)');
    await db.query('CREATE INDEX sbi_code_level_idx ON cbs.sbi_code (level, position)');
    await db.query('DROP SEQUENCE cbs.dataset_generation');
  }
}
