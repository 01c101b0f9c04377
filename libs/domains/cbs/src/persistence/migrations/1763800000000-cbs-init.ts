import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The cbs schema: SBI codes with trigram and full-text search columns. */
export class CbsInit1763800000000 implements MigrationInterface {
  name = 'CbsInit1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query('CREATE SCHEMA IF NOT EXISTS cbs');
    await db.query(`
      CREATE TABLE cbs.sbi_code (
        code        text PRIMARY KEY,
        level       text NOT NULL CHECK (level IN ('section', 'division', 'group', 'class', 'subclass')),
        depth       smallint NOT NULL,
        parent      text NULL,
        section     text NOT NULL,
        title_nl    text NOT NULL,
        title_en    text NOT NULL,
        position    integer NOT NULL,
        search_text text NOT NULL,
        search_nl   tsvector GENERATED ALWAYS AS (to_tsvector('dutch', search_text)) STORED,
        search_en   tsvector GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED
      )`);
    await db.query('CREATE INDEX sbi_code_parent_idx ON cbs.sbi_code (parent, position)');
    await db.query('CREATE INDEX sbi_code_level_idx ON cbs.sbi_code (level, position)');
    await db.query(
      'CREATE INDEX sbi_code_trgm_idx ON cbs.sbi_code USING gin (search_text gin_trgm_ops)',
    );
    await db.query('CREATE INDEX sbi_code_nl_idx ON cbs.sbi_code USING gin (search_nl)');
    await db.query('CREATE INDEX sbi_code_en_idx ON cbs.sbi_code USING gin (search_en)');
    await db.query(`
      CREATE TABLE cbs.dataset (
        name      text PRIMARY KEY,
        version   text NOT NULL,
        rows      integer NOT NULL,
        loaded_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE cbs.dataset');
    await db.query('DROP TABLE cbs.sbi_code');
  }
}
