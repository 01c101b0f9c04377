// Client and ledger side by side, per fault: every answer's X-Credits-Charged must be what the
// ledger settled for that request id, every 2xx answer must have been charged (all endpoints of
// the load have a price), and a request without an answer must not have been charged (except
// when the gateway itself died with it in flight, which is reported).
import { formatCredits, toHundredths } from '@nl/contracts-core';
import type { LedgerView, RequestEntries } from './ledger.js';
import type { Outcome } from './load.js';
import type { FaultRun } from './runner.js';

const hundredths = (header: string | null | undefined) =>
  header ? toHundredths(Number(header)) : 0;
const credits = formatCredits;
const NONE: RequestEntries = { reserves: 0, settles: 0, releases: 0, refunds: 0, charged: 0 };

export interface GroupBooks {
  readonly label: string;
  /** Charging a request the caller never saw is only excusable when the gateway died. */
  readonly mayLoseAnswers: boolean;
  answered: number;
  clientCharged: number;
  ledgerCharged: number;
  mismatches: string[];
  /** 2xx answers the ledger never charged: every endpoint of the load has a price. */
  free: string[];
  unanswered: number;
  unansweredCharged: number;
  /** Answered requests whose reservation the gateway never closed (the final sweep did). */
  leftOpen: number;
  reservedTwice: number;
}

function group(label: string, mayLoseAnswers: boolean): GroupBooks {
  return {
    label,
    mayLoseAnswers,
    answered: 0,
    clientCharged: 0,
    ledgerCharged: 0,
    mismatches: [],
    free: [],
    unanswered: 0,
    unansweredCharged: 0,
    leftOpen: 0,
    reservedTwice: 0,
  };
}

/** The fault a request belongs to: the last one whose baseline began before it was sent. */
function groupsOf(outcomes: readonly Outcome[], runs: readonly FaultRun[]) {
  const warmUp = group('warm-up', false);
  const groups = runs.map((r) =>
    group(`(${r.fault.key}) ${r.fault.title}`, !!r.fault.killsGateway),
  );
  const pick = (o: Outcome) => {
    let index = -1;
    runs.forEach((r, i) => {
      if (o.sentAt >= r.baselineFrom) index = i;
    });
    return index < 0 ? warmUp : groups[index];
  };
  return { all: [warmUp, ...groups], pick };
}

function account(g: GroupBooks, o: Outcome, ledger: LedgerView): void {
  const entries = ledger.byRequest.get(o.id) ?? NONE;
  if (entries.reserves > 1) g.reservedTwice++;
  if (o.status === undefined) {
    g.unanswered++;
    if (entries.charged > 0) g.unansweredCharged++;
    return;
  }
  g.answered++;
  if (ledger.leftOpen.has(o.id)) g.leftOpen++;
  const header = hundredths(o.charged);
  g.clientCharged += header;
  g.ledgerCharged += entries.charged;
  const free = o.status >= 200 && o.status < 300 && entries.charged === 0;
  if (header === entries.charged && !free) return;
  const rows = `reserve ×${entries.reserves}, settle ×${entries.settles}, refund ×${entries.refunds}, release ×${entries.releases}`;
  const open = ledger.leftOpen.has(o.id) ? '; left open, released by the final sweep' : '';
  const text = `${o.id} (${o.status}): X-Credits-Charged ${o.charged ?? 'absent'}, ledger charged ${credits(entries.charged)} (${rows}${open})`;
  if (header !== entries.charged) g.mismatches.push(text);
  if (free) g.free.push(text);
}

export function checkBooks(
  outcomes: readonly Outcome[],
  ledger: LedgerView,
  runs: readonly FaultRun[],
): { groups: GroupBooks[]; violations: string[] } {
  const { all, pick } = groupsOf(outcomes, runs);
  for (const o of outcomes) account(pick(o), o, ledger);
  const { books } = ledger;
  const violations: string[] = [];
  if (books.open) violations.push(`${books.open} reservations still open after the sweep`);
  if (books.balance !== books.ledger)
    violations.push(`balance ${credits(books.balance)} ≠ ledger sum ${credits(books.ledger)}`);
  if (books.balance !== books.topups - books.charged)
    violations.push(
      `balance ${credits(books.balance)} ≠ top-ups − settled charges ${credits(books.topups - books.charged)}`,
    );
  for (const g of all) violations.push(...groupViolations(g));
  return { groups: all, violations };
}

function groupViolations(g: GroupBooks): string[] {
  const violations: string[] = [];
  if (g.mismatches.length)
    violations.push(
      `${g.label}: ${g.mismatches.length} answers charged otherwise than the ledger says, e.g. ${g.mismatches.slice(0, 2).join('; ')}`,
    );
  if (g.free.length)
    violations.push(
      `${g.label}: ${g.free.length} 2xx answers were never charged, e.g. ${g.free.slice(0, 2).join('; ')}`,
    );
  if (g.clientCharged !== g.ledgerCharged)
    violations.push(
      `${g.label}: callers were told ${credits(g.clientCharged)} credits, the ledger charged ${credits(g.ledgerCharged)}`,
    );
  if (g.unansweredCharged && !g.mayLoseAnswers)
    violations.push(`${g.label}: ${g.unansweredCharged} requests charged without an answer`);
  if (g.reservedTwice) violations.push(`${g.label}: ${g.reservedTwice} request ids reserved twice`);
  return violations;
}

export function booksReport(ledger: LedgerView, groups: readonly GroupBooks[]): string {
  const b = ledger.books;
  const lines = [
    `\n── credits ${'─'.repeat(60)}`,
    `  account: top-ups ${credits(b.topups)}, settled ${credits(b.charged)}, balance ${credits(b.balance)}, ledger sum ${credits(b.ledger)}; open after the sweep ${b.open} (the sweep released ${ledger.swept})`,
  ];
  for (const g of groups) {
    if (!g.answered && !g.unanswered) continue;
    lines.push(
      `  ${g.label}: ${g.answered} answered, told ${credits(g.clientCharged)} / ledger ${credits(g.ledgerCharged)}, ` +
        `${g.mismatches.length} mismatched, ${g.free.length} 2xx free, ${g.leftOpen} left open; ` +
        `${g.unanswered} without answer, ${g.unansweredCharged} of them charged`,
    );
  }
  return lines.join('\n');
}
