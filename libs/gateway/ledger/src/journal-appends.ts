import { outsideRequest } from '@nl/platform-context';
import type { Closing } from './closing.js';
import { closingLine, type CreditJournal, deliveredLine } from './credit-journal.js';
import type { DeliveryList } from './delivery-list.js';
import { JournalLines } from './journal-lines.js';

/** The charges closed in one turn of the event loop and the one journal write they all wait on. */
interface Turn {
  readonly closings: Closing[];
  readonly written: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** What GroupCommits does when an append ends. */
export interface AppendHooks {
  /** An append kept these charges: they wait for a commit. */
  appended(closings: Closing[]): void;
  /** An append failed: nothing of these charges was kept (none: it held delivery marks only). */
  failed(closings: Closing[] | undefined, error: unknown): void;
  /** No append is under way now: a commit that is due may seal the journal's segment. */
  idle(): void;
}

/**
 * The journal side of the group commits: a closed charge is appended to the journal
 * (CreditJournal) at the end of its turn of the event loop, one append at a time off the serving
 * thread, each with every charge closed since the one before and the delivery marks, and its
 * answer goes out once its append returned: a kill from then on cannot lose it.
 */
export class JournalAppends {
  private turn?: Turn;
  /** The journal lines of the turn's charges and of the delivery marks, for the next append. */
  private readonly lines = new JournalLines();
  /** An append to the journal is under way (CreditJournal.appendLater). */
  private writing = false;
  /** Who waits for the append under way to end (flush). */
  private writeWaiters: (() => void)[] = [];

  constructor(
    private readonly journal: CreditJournal,
    private readonly deliveries: DeliveryList,
    private readonly hooks: AppendHooks,
  ) {}

  /** Whether an append is under way. */
  get busy(): boolean {
    return this.writing;
  }

  /** Whether nothing waits to be appended and no append is under way. */
  get quiet(): boolean {
    return !this.turn && !this.writing;
  }

  /**
   * Adds a closed charge to this turn's append; resolves once it is in the journal, rejects if
   * the write failed.
   */
  add(closing: Closing): Promise<void> {
    const turn = (this.turn ??= this.newTurn());
    turn.closings.push(closing);
    this.lines.add(closingLine(closing));
    return turn.written;
  }

  private newTurn(): Turn {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const written = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    // After this turn's I/O callbacks: the answers finished in this turn go in one write.
    setImmediate(() => this.write());
    return { closings: [], written, resolve, reject };
  }

  /**
   * Appends the turn's charges and the delivery marks to the journal; once the OS has them, the
   * answers go. One append at a time: while one is under way, the next turn gathers every charge
   * closed meanwhile, and is written as soon as it ends.
   */
  write(): void {
    if (this.writing) return;
    const { turn } = this;
    const marks = this.deliveries.takeMarks();
    this.turn = undefined;
    if (marks.length) this.lines.add(deliveredLine(marks));
    if (this.lines.empty) return;
    this.writing = true;
    // The append, and the commit it may start, serve every charge of the turn: run outside the
    // request that happened to start them, so none of their lines names it.
    outsideRequest(() =>
      this.journal.appendLater(this.lines.take(), (error) => this.appended(turn, error)),
    );
  }

  /** An append ended: its charges wait for a commit and their answers go, or it failed. */
  private appended(turn: Turn | undefined, error: unknown): void {
    this.writing = false;
    if (error) {
      this.hooks.failed(turn?.closings, error);
      turn?.reject(error);
    } else if (turn) {
      this.hooks.appended(turn.closings);
      turn.resolve();
    }
    // With no append under way, a due commit may seal the segment.
    this.hooks.idle();
    for (const waiter of this.writeWaiters.splice(0)) waiter();
    if (this.turn || this.deliveries.marking) this.write();
  }

  /** Resolves once no append is under way (at once when none is). */
  done(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.writeWaiters.push(resolve));
  }
}
