import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  dottedSbiCode,
  type SbiCodeRecord,
  type SbiCodeSummary,
  type SbiIndexQuery,
  type SbiMatchKind,
  type SbiPathItem,
  type SbiSearchHit,
} from '@nl/contracts-cbs';
import { DataSource, Raw, type Repository } from 'typeorm';
import { SbiCodeEntity } from '../persistence/sbi-code.entity.js';
import { SBI_GENERATION } from '../upstream/sbi/sbi.dataset.js';
import { searchText } from './search-text.js';

const MATCH_KINDS: Record<number, SbiMatchKind> = {
  1: 'code',
  2: 'code_prefix',
  3: 'title',
  4: 'fuzzy',
};
/** The rows of the snapshot in use (see `SbiImport`): part of every where clause. */
const inUse = () => ({ generation: Raw((column) => `${column} = ${SBI_GENERATION}`) });

/** word_similarity at or above which a title counts as a fuzzy match (`softwre` → software). */
const FUZZY_THRESHOLD = 0.5;

/** A code as both editions' rows have it. */
type CodeRow = Pick<
  SbiCodeEntity,
  'code' | 'level' | 'title_nl' | 'title_en' | 'parent' | 'section'
>;

export function toSummary(row: CodeRow): SbiCodeSummary {
  return {
    code: row.code,
    code_dotted: dottedSbiCode(row.code),
    level: row.level,
    title: row.title_nl,
    title_en: row.title_en,
    parent: row.parent,
    section: row.section,
  };
}

/** The codes above a code, top down: its section, then each shorter digit prefix. */
export function ancestorCodes(code: string, section: string): string[] {
  if (code === section) return [];
  const prefixes = [];
  for (let length = 2; length < code.length; length++) prefixes.push(code.slice(0, length));
  return [section, ...prefixes];
}

@Injectable()
export class SbiRepository {
  constructor(
    @InjectRepository(SbiCodeEntity) private readonly codes: Repository<SbiCodeEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async index(query: SbiIndexQuery): Promise<{ rows: SbiCodeSummary[]; total: number }> {
    const [rows, total] = await this.codes.findAndCount({
      where: {
        ...inUse(),
        ...(query.level && { level: query.level }),
        ...(query.parent && { parent: query.parent }),
      },
      order: { position: 'ASC' },
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    });
    return { rows: rows.map(toSummary), total };
  }

  async lookup(code: string): Promise<SbiCodeRecord | null> {
    const row = await this.codes.findOneBy({ ...inUse(), code });
    if (!row) return null;
    const ancestors = ancestorCodes(row.code, row.section);
    const [above, children] = await Promise.all([
      ancestors.length
        ? this.codes.find({ where: ancestors.map((c) => ({ ...inUse(), code: c })) })
        : Promise.resolve([]),
      this.codes.find({ where: { ...inUse(), parent: row.code }, order: { position: 'ASC' } }),
    ]);
    const byCode = new Map(above.map((r) => [r.code, r]));
    const path: SbiPathItem[] = [
      ...ancestors.map((c) => byCode.get(c)).filter((r) => r !== undefined),
      row,
    ].map((r) => ({
      code: r.code,
      level: r.level,
      title: r.title_nl,
      title_en: r.title_en,
    }));
    return {
      ...toSummary(row),
      description: null,
      path,
      children: children.map(toSummary),
      edition: 'SBI 2025',
    };
  }

  /** The subclasses (five digits) of these classes, in classification order. */
  async subclassesOf(classes: readonly string[]): Promise<SbiCodeSummary[]> {
    if (!classes.length) return [];
    const rows = await this.codes.find({
      where: classes.map((parent) => ({ ...inUse(), parent, level: 'subclass' as const })),
      order: { position: 'ASC' },
    });
    return rows.map(toSummary);
  }

  /**
   * Ranked search in one query: exact code (1), code prefix or section branch (2), title words
   * (3: Dutch or English full-text stems, or every word as a substring, which catches Dutch
   * compounds like `bakkerijproducten`), fuzzy trigram match (4). Each code appears once, in its
   * best tier.
   */
  async search(q: string, limit: number): Promise<{ hits: SbiSearchHit[]; total: number }> {
    const text = searchText(q);
    const compact = q.replace(/[\s.]/g, '').toUpperCase();
    const code = /^(?:[A-Z]|\d{1,5})$/.test(compact) ? compact : null;
    const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const patterns = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = (await this.dataSource.query(
      `WITH codes AS NOT MATERIALIZED (
         SELECT * FROM cbs.sbi_code WHERE generation = ${SBI_GENERATION}
       ), hits AS (
         SELECT code, 1 AS tier, 1.0::float8 AS score FROM codes WHERE code = $2
         UNION ALL
         SELECT code, 2, 1.0 FROM codes
          WHERE code <> $2 AND ((code LIKE $2 || '%' AND $2 ~ '^[0-9]+$') OR ($2 ~ '^[A-Z]$' AND section = $2))
         UNION ALL
         SELECT code, 3, word_similarity($1, search_text) FROM codes
          WHERE cardinality($3::text[]) > 0 AND (
                search_nl @@ websearch_to_tsquery('dutch', $1)
             OR search_en @@ websearch_to_tsquery('english', $1)
             OR search_text LIKE ALL ($3::text[]))
         UNION ALL
         SELECT code, 4, word_similarity($1, search_text) FROM codes
          WHERE word_similarity($1, search_text) >= $5
       ), best AS (
         SELECT DISTINCT ON (code) code, tier, score FROM hits ORDER BY code, tier, score DESC
       )
       SELECT c.code, c.level, c.depth, c.parent, c.section, c.title_nl, c.title_en, c.position,
              b.tier, b.score, count(*) OVER () AS total
         FROM best b JOIN codes c USING (code)
        ORDER BY b.tier, CASE WHEN b.tier = 2 THEN c.position END, b.score DESC, c.depth, c.position
        LIMIT $4`,
      [text, code, patterns, limit, FUZZY_THRESHOLD],
    )) as (SbiCodeEntity & { tier: number; score: number; total: string })[];
    return {
      hits: rows.map((r) => ({
        ...toSummary(r),
        match: MATCH_KINDS[r.tier],
        score: Math.round(Number(r.score) * 100) / 100,
      })),
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }
}
