import { duplicates } from './families/duplicates.js';
import { protocol } from './families/protocol.js';
import { nesting, sizes, types, unicode } from './families/values.js';
import type { Draft } from './draft.js';
import { fuzzOperations, type FuzzOperation, type OpenApiDocument } from './operations.js';
import { Prng } from './prng.js';
import type { FuzzRequest } from './request.js';
import { sweepEntries, type SweepEntry } from './sweep.js';
import { applyAuth, applyValidAuth, slotsOf, validDraft, type FuzzContext } from './valid.js';

export type Family =
  'valid' | 'types' | 'sizes' | 'nesting' | 'unicode' | 'duplicates' | 'protocol';

/** How often each family comes up; valid cases keep the happy path (and the services) busy. */
export const FAMILY_WEIGHTS: Readonly<Record<Family, number>> = {
  valid: 26,
  types: 12,
  sizes: 10,
  nesting: 6,
  unicode: 16,
  duplicates: 10,
  protocol: 20,
};

type Mutator = (draft: Draft, rng: Prng, ctx: FuzzContext) => void;

const MUTATORS: Readonly<Record<Exclude<Family, 'valid'>, Mutator>> = {
  types,
  sizes,
  nesting,
  unicode,
  duplicates,
  protocol,
};

export interface FuzzCase {
  /** Its index in the run: with the seed, all it takes to build it again. */
  readonly index: number;
  readonly family: Family;
  /** What kind of trouble it carries (e.g. `nesting:deep-json`); part of failure signatures. */
  readonly tag: string;
  /** What exactly it does, for people. */
  readonly detail: string;
  readonly operation: FuzzOperation;
  /** The operation, or a pseudo-operation for cases that left every route (traversals). */
  readonly reportAs: string;
  readonly request: FuzzRequest;
  /** Must not come back in the answer (a key that travelled in the URL). */
  readonly secret?: string;
  /** Why the server cannot answer this one at all (it waits for bytes never sent). */
  readonly mayNotAnswer?: string;
}

function toCase(index: number, family: Family, draft: Draft): FuzzCase {
  return {
    index,
    family,
    tag: draft.tag,
    detail: draft.detail,
    operation: draft.operation,
    reportAs: draft.reportAs ?? draft.operation.id,
    request: draft.toRequest(),
    secret: draft.secret,
    mayNotAnswer: draft.mayNotAnswer,
  };
}

/**
 * The order operations take turns in: every operation once per round, and an operation with
 * more inputs in more rounds (1 + its parameters and body fields, at most 4), since each input
 * is a place to spoil. Operations without inputs still come every round.
 */
function schedule(operations: readonly FuzzOperation[]): FuzzOperation[] {
  const weight = (o: FuzzOperation) => Math.min(4, 1 + slotsOf(o).length);
  const out: FuzzOperation[] = [];
  for (let round = 0; round < 4; round++) out.push(...operations.filter((o) => weight(o) > round));
  return out;
}

/**
 * Fuzz cases for every operation of an OpenAPI document plus the undocumented routes. The
 * sweep comes first; then case `i` takes its operation from a fixed schedule (so every
 * operation gets its share) and draws everything else from a generator seeded by (seed, i):
 * a seed always gives the same cases.
 */
export class FuzzGenerator {
  readonly operations: readonly FuzzOperation[];
  /** Which operation each case index takes, repeating. */
  private readonly schedule: readonly FuzzOperation[];
  /** The first cases of every run, the same for every seed but for their valid parts. */
  readonly sweep: readonly SweepEntry[];

  constructor(
    doc: OpenApiDocument,
    private readonly ctx: FuzzContext,
    readonly seed: number,
  ) {
    if (ctx.keys.length === 0) throw new Error('the fuzz context needs at least one API key');
    this.operations = fuzzOperations(doc);
    this.schedule = schedule(this.operations);
    this.sweep = sweepEntries(this.operations);
  }

  /** Case `index`: the sweep first (see {@link sweepEntries}), random cases after it. */
  caseAt(index: number): FuzzCase {
    const rng = Prng.forCase(this.seed, index);
    const entry = this.sweep[index];
    if (entry) {
      const draft = validDraft(entry.operation, rng, this.ctx);
      applyValidAuth(draft, rng, this.ctx);
      entry.apply(draft, rng);
      return toCase(index, 'unicode', draft);
    }
    const operation = this.schedule[index % this.schedule.length];
    const family = rng.weighted(FAMILY_WEIGHTS);
    const draft = validDraft(operation, rng, this.ctx);
    applyAuth(draft, rng, this.ctx);
    if (family !== 'valid') MUTATORS[family](draft, rng, this.ctx);
    return toCase(index, family, draft);
  }

  *cases(count: number, first = 0): Generator<FuzzCase> {
    for (let i = first; i < first + count; i++) yield this.caseAt(i);
  }
}
