import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  write,
} from 'node:fs';
import { join } from 'node:path';
import type { Closing } from './closing.js';

/** Where the journal lives inside the embedded database's directory. */
export const JOURNAL_DIR = 'nl_credit_journal';

const SEGMENT = /^(\d+)\.jsonl$/;

/** A closed charge as one journal line: enough to write its ledger row after a crash. */
type ClosingRecord = [
  /** `s` a settlement, `sk` one whose answer is kept already, `r` a release. */
  kind: 's' | 'sk' | 'r',
  chargeId: string,
  accountId: string,
  keyId: string | null,
  amount: number,
  charged: number,
  endpoint: string,
  requestId: string,
  heldAt: number,
  day: string,
  closedAt: number,
];

/** Charges whose answers went out (they leave the delivery list). */
type DeliveredRecord = ['d', ...chargeIds: string[]];

/**
 * A closing as its journal line, a JSON array (ClosingRecord) put together by hand: ids are
 * UUIDs and the day an ISO date, so only the endpoint and request id need JSON's quoting. A
 * third of JSON.stringify's cost on an array, on every paid call.
 */
export function closingLine({ hold, kind, charged, at, answerKept }: Closing): string {
  const key = hold.keyId === undefined ? 'null' : `"${hold.keyId}"`;
  const strings = `${JSON.stringify(hold.endpoint)},${JSON.stringify(hold.requestId)}`;
  return (
    `["${kind === 'release' ? 'r' : answerKept ? 'sk' : 's'}","${hold.chargeId}","${hold.accountId}",${key},` +
    `${hold.amount},${charged},${strings},${hold.at.getTime()},"${hold.day}",` +
    `${at.getTime()}]\n`
  );
}

/** The delivery marks of `chargeIds` (this process's charge ids: UUIDs, nothing to quote). */
export function deliveredLine(chargeIds: readonly string[]): string {
  return chargeIds.length ? `["d","${chargeIds.join('","')}"]\n` : '["d"]\n';
}

/** What a journal holds, in the order it was written. */
export type JournalEntry =
  { readonly closing: Closing } | { readonly delivered: readonly string[] };

function entryOf(record: ClosingRecord | DeliveredRecord): JournalEntry {
  if (record[0] === 'd') return { delivered: record.slice(1) as string[] };
  const [kind, chargeId, accountId, keyId, amount, charged, endpoint, requestId, heldAt, day, at] =
    record;
  const hold = {
    chargeId,
    accountId,
    ...(keyId !== null && { keyId }),
    amount,
    endpoint,
    requestId,
    at: new Date(heldAt),
    day,
  };
  if (kind === 'r') return { closing: { hold, kind: 'release', charged, at: new Date(at) } };
  const answerKept = kind === 'sk' && { answerKept: true as const };
  return { closing: { hold, kind: 'settle', charged, at: new Date(at), ...answerKept } };
}

/**
 * The embedded profile's credit journal: every closed charge is appended here before
 * its answer goes out, and reaches the ledger in PGlite later, in a group commit of many. A line
 * the OS has taken survives a kill of this process; the next start writes whatever the ledger
 * does not have yet (recoverJournal). Segments: the one being written, and the sealed ones a
 * commit under way covers, removed once it landed.
 *
 * The group commit's appends go through libuv's pool (appendLater), one at a time, each with
 * every charge closed since the one before: an answer goes once the OS has taken its charge's
 * line. Not fsynced: a crash of the process loses nothing, a power cut may lose the last writes
 * the OS still held, as PGlite's files may.
 */
export class CreditJournal {
  private fd?: number;
  /** The first segment this process writes: the ones before it are a crashed run's. */
  private readonly first: number;
  /** The number of the segment being written. */
  private current: number;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.first = this.current = Math.max(0, ...this.segments()) + 1;
  }

  /**
   * Appends `bytes` (whole lines, UTF-8) off the calling thread (libuv's pool), then calls `done`
   * with the error, if the OS refused it (the segment is then sealed: a torn line stays the last
   * of its segment, where reading it leaves it out). One at a time: no other append or
   * {@link seal} until `done` was called, and `bytes` stay as they are until then. The serving
   * thread does not wait on the disk: an append of a turn's lines took it 10–50 µs on the bench
   * machine's ext4, and up to a few milliseconds now and then, with every connection waiting
   * under load.
   */
  appendLater(bytes: Uint8Array, done: (error?: unknown) => void): void {
    let fd: number;
    try {
      fd = this.open();
    } catch (error) {
      this.seal();
      done(error);
      return;
    }
    const from = (at: number) =>
      write(fd, bytes, at, bytes.length - at, null, (error, written) => {
        if (error) {
          this.seal();
          done(error);
        } else if (at + written < bytes.length) from(at + written);
        else done();
      });
    from(0);
  }

  /** The segment being written, opened when it is not. */
  private open(): number {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true }); // gone since (removed by hand): made again
      this.fd = openSync(join(this.dir, `${this.current}.jsonl`), 'a');
    }
    return this.fd;
  }

  /** Closes the segment being written (later lines go to the next); its number. */
  seal(): number {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    return this.current++;
  }

  /** Removes this process's sealed segments up to `upTo`: every charge in them is in the ledger. */
  drop(upTo: number): void {
    this.remove((segment) => segment >= this.first && segment <= upTo && segment < this.current);
  }

  /**
   * What a crashed run left, oldest segment first. A line without its newline was torn by a
   * kill mid-write: its charge's answer never went out, and it is left out.
   */
  readCrashed(): JournalEntry[] {
    const entries: JournalEntry[] = [];
    for (const segment of this.segments()) {
      if (segment >= this.first) break;
      const lines = readFileSync(join(this.dir, `${segment}.jsonl`), 'utf8').split('\n');
      lines.pop(); // the empty rest after the last newline, or a torn line
      for (const line of lines) entries.push(entryOf(JSON.parse(line)));
    }
    return entries;
  }

  /** Removes what a crashed run left, once it is in the ledger. */
  dropCrashed(): void {
    this.remove((segment) => segment < this.first);
  }

  private remove(which: (segment: number) => boolean): void {
    for (const segment of this.segments())
      if (which(segment)) unlinkSync(join(this.dir, `${segment}.jsonl`));
  }

  private segments(): number[] {
    return readdirSync(this.dir)
      .map((name) => SEGMENT.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }
}
