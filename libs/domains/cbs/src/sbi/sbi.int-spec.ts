import { Test, type TestingModule } from '@nestjs/testing';
import { PlatformConfigModule } from '@nl/platform-config';
import { DatabaseModule } from '@nl/platform-database';
import { HealthModule } from '@nl/platform-health';
import { LoggingModule } from '@nl/platform-logging';
import { BACKING, silentLogger, testConfig } from '@nl/testing';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DataSource } from 'typeorm';
import { CBS_DATABASE } from '../cbs.database.js';
import { CbsModule } from '../cbs.module.js';
import { SBI_SNAPSHOT, SbiImport } from '../upstream/sbi/sbi.dataset.js';
import type { SbiSourceRow } from '../upstream/sbi/sbi.types.js';
import { SbiRepository } from './sbi.repository.js';

describe.each(['standalone', 'distributed'] as const)('SBI persistence (%s profile)', (profile) => {
  const backing = profile === 'distributed' ? BACKING : 'PGlite';
  let module: TestingModule;
  let sut: SbiRepository;

  beforeAll(async () => {
    const config = testConfig('cbs-test', profile);
    module = await Test.createTestingModule({
      imports: [
        PlatformConfigModule.forRoot(config),
        LoggingModule.forRoot(silentLogger()),
        HealthModule,
        DatabaseModule.forRoot([CBS_DATABASE]),
        CbsModule,
      ],
    }).compile();
    await module.init();
    sut = module.get(SbiRepository);
  });
  afterAll(() => module?.close());

  describe(`import (${backing})`, () => {
    it('should have loaded all 1,954 codes in five levels on start', async () => {
      const counts = (await module
        .get(DataSource)
        .query(
          'SELECT level, count(*)::int AS n FROM cbs.sbi_code GROUP BY level ORDER BY level',
        )) as {
        level: string;
        n: number;
      }[];
      expect(Object.fromEntries(counts.map((c) => [c.level, c.n]))).toEqual({
        section: 22,
        division: 87,
        group: 287,
        class: 651,
        subclass: 907,
      });
    });

    it('should not load the same snapshot twice', async () => {
      expect(await module.get(SbiImport).load(SBI_SNAPSHOT.href)).toMatchObject({
        ok: true,
        changed: false,
        size: 1954,
      });
    });

    if (profile === 'standalone') {
      // Replacing the table is only exercised on the private in-memory PGlite: a shared
      // Postgres is read by other suites at the same time.
      it('should replace the table in one go when the snapshot changes', async () => {
        const rows = JSON.parse((await readFile(SBI_SNAPSHOT)).toString()) as SbiSourceRow[];
        const changed = rows.map((r) =>
          r.code === '6210' ? { ...r, title_en: 'Programming (changed)' } : r,
        );
        const dir = await mkdtemp(join(tmpdir(), 'sbi-'));
        const file = join(dir, 'sbi2025.json');
        await writeFile(file, JSON.stringify(changed));
        const importer = module.get(SbiImport);
        try {
          expect(await importer.load(pathToFileURL(file).href)).toMatchObject({
            ok: true,
            changed: true,
            size: 1954,
          });
          expect((await sut.lookup('6210'))?.title_en).toBe('Programming (changed)');
          expect(importer.dataset.stats()).toMatchObject({ size: 1954, source: 'snapshot' });
        } finally {
          await importer.load(SBI_SNAPSHOT.href);
          await rm(dir, { recursive: true, force: true });
        }
        expect((await sut.lookup('6210'))?.title_en).toBe('Computer programming activities');
      });

      it('should keep the loaded codes when a snapshot is inconsistent', async () => {
        const rows = JSON.parse((await readFile(SBI_SNAPSHOT)).toString()) as SbiSourceRow[];
        const dir = await mkdtemp(join(tmpdir(), 'sbi-'));
        const file = join(dir, 'sbi2025.json');
        await writeFile(file, JSON.stringify(rows.filter((r) => r.code !== '62')));
        try {
          expect(await module.get(SbiImport).load(pathToFileURL(file).href)).toEqual({
            ok: false,
            reason: expect.stringMatching(/code 621 has parent 62, which is not listed$/),
          });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        expect((await sut.lookup('62'))?.title_en).toBe(
          'Computer programming, consultancy and related activities',
        );
      });
    }
  });

  describe('lookup', () => {
    it('should give a subclass its path from the section down and no children', async () => {
      const record = await sut.lookup('62100');
      expect(record?.path.map((p) => p.code)).toEqual(['K', '62', '621', '6210', '62100']);
      expect(record).toMatchObject({
        level: 'subclass',
        parent: '6210',
        section: 'K',
        code_dotted: '62.10.0',
        children: [],
        description: null,
      });
    });

    it('should give a section itself as its path and its divisions as children', async () => {
      const record = await sut.lookup('K');
      expect(record?.path.map((p) => p.code)).toEqual(['K']);
      expect(record?.children.map((c) => c.code)).toEqual(['61', '62', '63']);
    });

    it('should find nothing for a code SBI 2025 does not have', async () => {
      expect(await sut.lookup('6201')).toBeNull();
    });
  });

  describe('index', () => {
    it('should filter by level and parent in classification order', async () => {
      expect(
        (await sut.index({ level: 'section', page: 1, per_page: 100 })).rows
          .map((r) => r.code)
          .join(''),
      ).toBe('ABCDEFGHIJKLMNOPQRSTUV');
      expect(
        (await sut.index({ parent: '62', page: 1, per_page: 100 })).rows.map((r) => r.code),
      ).toEqual(['621', '622', '629']);
    });

    it('should page through all codes', async () => {
      const last = await sut.index({ page: 4, per_page: 500 });
      expect(last.total).toBe(1954);
      expect(last.rows).toHaveLength(454);
    });
  });

  describe('search', () => {
    it('should rank an exact code first, then its branch in classification order', async () => {
      const { hits } = await sut.search('62', 5);
      expect(hits.map((h) => [h.code, h.match])).toEqual([
        ['62', 'code'],
        ['621', 'code_prefix'],
        ['6210', 'code_prefix'],
        ['62100', 'code_prefix'],
        ['622', 'code_prefix'],
      ]);
    });

    it('should accept a dotted code', async () => {
      expect((await sut.search('62.10', 1)).hits[0]).toMatchObject({ code: '6210', match: 'code' });
    });

    it('should find bakeries for bakkerij, through Dutch compounds', async () => {
      const { hits } = await sut.search('bakkerij', 10);
      expect(
        hits
          .slice(0, 2)
          .map((h) => h.code)
          .sort(),
      ).toEqual(['107', '46383']);
      expect(hits[0].match).toBe('title');
    });

    it('should find English words by their stem', async () => {
      const { hits } = await sut.search('bakeries', 10);
      expect(hits.map((h) => h.code)).toEqual(expect.arrayContaining(['107', '46383']));
    });

    it('should still find software when it is misspelt', async () => {
      const { hits } = await sut.search('softwre', 5);
      expect(hits[0]).toMatchObject({
        code: '582',
        match: 'fuzzy',
        title_en: 'Software publishing',
      });
    });

    it('should ignore case and accents', async () => {
      const plain = await sut.search('cafe', 20);
      expect(plain.hits.length).toBeGreaterThan(0);
      expect((await sut.search('CAFÉ', 20)).hits).toEqual(plain.hits);
    });

    it('should list a whole section for its letter', async () => {
      const { hits, total } = await sut.search('U', 3);
      expect(hits[0]).toMatchObject({ code: 'U', match: 'code' });
      expect(hits.slice(1).every((h) => h.section === 'U' && h.match === 'code_prefix')).toBe(true);
      expect(total).toBeGreaterThan(3);
    });

    it('should respect the limit but count every match', async () => {
      const { hits, total } = await sut.search('vervaardiging', 3);
      expect(hits).toHaveLength(3);
      expect(total).toBeGreaterThan(100);
    });

    it('should find nothing for nonsense and treat LIKE wildcards literally', async () => {
      expect(await sut.search('qqxzzv', 5)).toEqual({ hits: [], total: 0 });
      expect((await sut.search('%', 5)).total).toBe(0);
    });
  });
});
