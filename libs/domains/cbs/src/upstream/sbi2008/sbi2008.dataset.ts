import { Injectable, type OnModuleInit } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { parseSbiSnapshot, snapshotProblem } from '../sbi/sbi.mapper.js';
import type { SbiSourceRow } from '../sbi/sbi.types.js';
import { deriveSuccessors, parseNacePairs } from './sbi2008.mapper.js';
import type { SbiClassDerivation } from './sbi2008.types.js';

export const SBI2008_FILE = new URL('../../data/sbi2008.json', import.meta.url);
export const NACE_PAIRS_FILE = new URL('../../data/nace2-nace21.json', import.meta.url);

/** The SBI 2008 codes and their derivations, from the two shipped files. */
export interface Sbi2008Data {
  readonly rows: readonly SbiSourceRow[];
  readonly derivations: ReadonlyMap<string, SbiClassDerivation>;
}

/** Reads and checks the shipped files; a malformed file refuses the start. */
export async function readSbi2008(): Promise<Sbi2008Data> {
  const rows = parseSbiSnapshot(await readFile(SBI2008_FILE, 'utf8'));
  const problem = snapshotProblem(rows);
  if (problem) throw new Error(`the SBI 2008 file is inconsistent: ${problem}`);
  const pairs = parseNacePairs(await readFile(NACE_PAIRS_FILE, 'utf8'));
  return { rows, derivations: deriveSuccessors(rows, pairs) };
}

/**
 * SBI 2008 in memory. Unlike SBI 2025 it is not imported into Postgres: its code set is closed
 * (the 2019 update was the last), 1,455 rows, so it never needs a refresh or a swap.
 */
@Injectable()
export class Sbi2008Dataset implements OnModuleInit {
  private byCode = new Map<string, SbiSourceRow>();
  private byParent = new Map<string, SbiSourceRow[]>();
  private derivations: ReadonlyMap<string, SbiClassDerivation> = new Map();

  async onModuleInit(): Promise<void> {
    this.load(await readSbi2008());
  }

  load({ rows, derivations }: Sbi2008Data): this {
    this.byCode = new Map(rows.map((r) => [r.code, r]));
    this.byParent = new Map();
    for (const row of rows)
      if (row.parent)
        this.byParent.set(row.parent, [...(this.byParent.get(row.parent) ?? []), row]);
    this.derivations = derivations;
    return this;
  }

  row(code: string): SbiSourceRow | undefined {
    return this.byCode.get(code);
  }

  children(code: string): readonly SbiSourceRow[] {
    return this.byParent.get(code) ?? [];
  }

  /** A class's or subclass's way to SBI 2025 (a subclass goes through its class); else null. */
  derivation(code: string): { from: string; derivation: SbiClassDerivation } | null {
    const from = code.slice(0, 4);
    const derivation = /^\d{4,5}$/.test(code) ? this.derivations.get(from) : undefined;
    return derivation ? { from, derivation } : null;
  }
}
