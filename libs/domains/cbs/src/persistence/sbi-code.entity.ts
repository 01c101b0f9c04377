import type { SbiLevel } from '@nl/contracts-cbs';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One SBI 2025 code of one snapshot generation (the one in use is named by `cbs.dataset`).
 * `search_*` columns exist only for queries and are not mapped here.
 */
@Entity({ schema: 'cbs', name: 'sbi_code' })
export class SbiCodeEntity {
  @PrimaryColumn('integer') generation: number;
  @PrimaryColumn('text') code: string;
  @Column('text') level: SbiLevel;
  @Column('smallint') depth: number;
  @Column('text', { nullable: true }) parent: string | null;
  @Column('text') section: string;
  @Column('text') title_nl: string;
  @Column('text') title_en: string;
  /** Order in the CBS source: a depth-first walk, so sorting by it shows the hierarchy. */
  @Column('integer') position: number;
}

/** Which snapshot of a dataset is loaded: the pointer row of platform-dataset's `VersionedTable`. */
@Entity({ schema: 'cbs', name: 'dataset' })
export class CbsDatasetEntity {
  @PrimaryColumn('text') name: string;
  @Column('integer') generation: number;
  @Column('text') source: string;
  @Column('text') version: string;
  @Column('integer') rows: number;
  @Column('timestamptz') loaded_at: Date;
  @Column('jsonb', { nullable: true }) validators: Record<string, string> | null;
}
